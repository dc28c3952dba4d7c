import './album.css';
import { normalizePicacode } from '@fotodrop/contract/rules/picacode';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { paths } from '../../../shared/config/paths';
import { GalleryScreen } from '../../album';
import { checkinByCodeQuery } from '../api/checkin-queries';

/**
 * /checkins/:picacode/gallery_tree/:gallery_id? shows one gallery of an album. The spec sends
 * the screen to the album "if the check-in is not loaded"; we load it instead, so a reloaded or
 * shared gallery link opens that gallery (decision, issue 8). Only an album the user cannot open
 * (its screen then says why), a missing gallery id or the root id 0 go to the album screen.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ code: string; galleryId: number }> {
  const code = normalizePicacode(params.picacode ?? '');
  const galleryId = Number(params.gallery_id);
  if (!Number.isInteger(galleryId) || galleryId <= 0) throw redirect(paths.checkin.getHref(code));
  try {
    await queryClient.ensureQueryData(checkinByCodeQuery(code));
  } catch {
    throw redirect(paths.checkin.getHref(code));
  }
  return { code, galleryId };
}

export function Component() {
  const { code, galleryId } = useLoaderData<typeof loader>();
  const query = useQuery(checkinByCodeQuery(code));
  // the loader made sure the album is in the cache
  if (!query.data) return null;
  return <GalleryScreen key={galleryId} checkin={query.data} galleryId={galleryId} />;
}
