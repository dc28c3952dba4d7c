import { organiserEndpoints } from '@fotodrop/contract/api/organiser';
import {
  type MediaBulk,
  organiserMediaManageEndpoints as m,
  type UpdateMedium,
} from '@fotodrop/contract/api/organiser-media';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

/** The console's media filters, as the list endpoint takes them (empty: not filtered). */
export interface MediaFilters {
  gallery: string;
  status: '' | 'processing' | 'ready' | 'failed';
  tag: string;
  faces: '' | 'none' | 'some' | 'crowd';
  hidden: '' | 'true' | 'false';
  /** Issue 20: `none` (photos without a bib) or a bib number. */
  bib: string;
  page: number;
}
export const NO_FILTERS: MediaFilters = {
  gallery: '',
  status: '',
  tag: '',
  faces: '',
  hidden: '',
  bib: '',
  page: 1,
};
export const MEDIA_PAGE_SIZE = 48;
// decision (issue 18): the faces filter offers none, some (≥1) and groups (≥3): the common questions
const FACES = { none: { max_faces: 0 }, some: { min_faces: 1 }, crowd: { min_faces: 3 } } as const;

export const mediaKeys = {
  list: (slug: string) => ['organiser', 'media-manage', slug] as const,
};

/** GET …/media/ with the filters: one page of the grid. */
export function manageMediaQuery(slug: string, f: MediaFilters) {
  return queryOptions({
    queryKey: [...mediaKeys.list(slug), f] as const,
    queryFn: ({ signal }) =>
      callEndpoint(organiserEndpoints.listMedia, {
        params: { slug },
        query: {
          page: f.page,
          page_size: MEDIA_PAGE_SIZE,
          ...(f.status ? { status: f.status } : {}),
          ...(f.gallery ? { gallery: f.gallery === 'none' ? 'none' : Number(f.gallery) } : {}),
          ...(f.tag.trim() ? { tag: f.tag.trim() } : {}),
          ...(f.faces ? FACES[f.faces] : {}),
          ...(f.hidden ? { hidden: f.hidden } : {}),
          ...(f.bib.trim() ? { bib: f.bib.trim() } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const bulkMedia = (slug: string, body: MediaBulk) =>
  callEndpoint(m.bulkMedia, { params: { slug }, body });
export const updateMedium = (slug: string, id: number, body: UpdateMedium) =>
  callEndpoint(m.updateMedium, { params: { slug, id }, body });
