import {
  type MediaStatus,
  ORGANISER_MEDIA_PAGE_SIZE,
  type OrganiserGallery,
  organiserEndpoints,
} from '@fotodrop/contract/api/organiser';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

export const organiserKeys = {
  all: ['organiser'] as const,
  events: ['organiser', 'events'] as const,
  media: (slug: string, status: MediaStatus | null) => ['organiser', 'media', slug, status] as const,
};

/** GET /organiser/v1/events/: the organisation's events, galleries and upload counts. */
export function organiserEventsQuery() {
  return queryOptions({
    queryKey: organiserKeys.events,
    queryFn: ({ signal }) => callEndpoint(organiserEndpoints.listEvents, { signal }),
  });
}

/** GET /organiser/v1/events/{slug}/media/: the event's uploads, newest first, page by page. */
export function organiserMediaQuery(slug: string, status: MediaStatus | null) {
  return infiniteQueryOptions({
    queryKey: organiserKeys.media(slug, status),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(organiserEndpoints.listMedia, {
        params: { slug },
        query: { page: pageParam, page_size: ORGANISER_MEDIA_PAGE_SIZE, ...(status ? { status } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) =>
      pagination.page_number < pagination.num_pages ? pagination.page_number + 1 : undefined,
  });
}

/** "Course › Km 10": a gallery's name after its parents', for pickers and captions. */
export function galleryPaths(galleries: OrganiserGallery[]): Map<number, string> {
  const byId = new Map(galleries.map((g) => [g.id, g]));
  const paths = new Map<number, string>();
  for (const gallery of galleries) {
    const names: string[] = [];
    const seen = new Set<number>();
    for (
      let g: OrganiserGallery | undefined = gallery;
      g && !seen.has(g.id);
      g = byId.get(g.parent_id ?? 0)
    ) {
      seen.add(g.id);
      names.unshift(g.name);
    }
    paths.set(gallery.id, names.join(' › '));
  }
  return paths;
}

/** Galleries in tree order (each parent followed by its children), for a picker. */
export function galleriesInTreeOrder(galleries: OrganiserGallery[]): OrganiserGallery[] {
  const out: OrganiserGallery[] = [];
  const ids = new Set(galleries.map((g) => g.id));
  const visit = (gallery: OrganiserGallery) => {
    out.push(gallery);
    for (const child of galleries) if (child.parent_id === gallery.id && !out.includes(child)) visit(child);
  };
  // roots, and galleries whose parent is not listed: they still belong in the picker
  for (const g of galleries) {
    if ((g.parent_id === null || !ids.has(g.parent_id)) && !out.includes(g)) visit(g);
  }
  return out;
}
