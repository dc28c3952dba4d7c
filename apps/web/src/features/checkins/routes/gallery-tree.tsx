import './album.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { normalizePicacode } from '@fotodrop/contract/rules/picacode';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { paths } from '../../../app/paths';
import { queryClient } from '../../../shared/api/query-client';
import { GalleryScreen } from '../../album';
import { checkinByCodeQuery, checkinKeys } from '../api/checkin-queries';

/**
 * /checkins/:picacode/gallery_tree/:gallery_id? shows one gallery of an album that is loaded in
 * this visit; otherwise (a fresh page load, no gallery id, or the root id 0) it goes to the album
 * screen (entry spec §2).
 */
export function loader({ params }: LoaderFunctionArgs): { code: string; galleryId: number } {
  const code = normalizePicacode(params.picacode ?? '');
  const galleryId = Number(params.gallery_id);
  const loaded = queryClient.getQueryData<Checkin>(checkinKeys.byCode(code));
  if (!loaded || !Number.isInteger(galleryId) || galleryId <= 0) throw redirect(paths.checkin.getHref(code));
  return { code, galleryId };
}

export function Component() {
  const { code, galleryId } = useLoaderData<typeof loader>();
  const query = useQuery(checkinByCodeQuery(code));
  // the loader made sure the album is in the cache
  if (!query.data) return null;
  return <GalleryScreen key={galleryId} checkin={query.data} galleryId={galleryId} />;
}
