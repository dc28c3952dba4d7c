import type { GroupedGalleries, GroupedGallery, PriceListItem } from '@fotodrop/contract/api/galleries';
import type { Media } from '@fotodrop/contract/api/media';
import { type GalleryKind, type LayoutDirection, MAX_PLACEHOLDERS } from '@fotodrop/contract/constants';
import type { Pagination } from '@fotodrop/contract/pagination';

/**
 * The contract's GALLERY_KINDS, in its order (grouped.test.ts checks they match): importing the
 * tuple would keep it in the home page's chunk, which holds the contract's enumerations module.
 */
export const GROUPED_KINDS = [
  'paid_galleries',
  'unlocked_galleries',
  'favorite_galleries',
] as const satisfies readonly GalleryKind[];

/** A tile that stands for a media still loading (albums spec §3 "Galleries by type"). */
export interface Placeholder {
  is_placeholder: true;
  key: string;
}
export type GalleryItem = Media | Placeholder;

export const isPlaceholder = (item: GalleryItem): item is Placeholder => 'is_placeholder' in item;

/** One gallery of the grouped view, its sub-galleries flattened out. */
export interface GroupedGalleryView {
  id: number;
  name: string;
  layout: LayoutDirection;
  media_count: number;
  price_list: PriceListItem[];
  refresh_time: number | null;
  items: GalleryItem[];
  pagination: Pagination;
}

export interface GroupedSection {
  kind: GalleryKind;
  galleries: GroupedGalleryView[];
}

/** Galleries with their nested sub-galleries, depth first, each parent before its children. */
export function flattenGalleries(galleries: readonly GroupedGallery[]): GroupedGallery[] {
  return galleries.flatMap((g) => [g, ...flattenGalleries(g.sub_galleries)]);
}

/**
 * Placeholder tiles for a gallery: up to MAX_PLACEHOLDERS, never more than the gallery's
 * media_count, less the media already there.
 */
export function placeholders(galleryId: number, mediaCount: number, loaded = 0, from = 0): Placeholder[] {
  const count = Math.max(0, Math.min(MAX_PLACEHOLDERS, mediaCount) - loaded);
  return Array.from({ length: count }, (_, i) => ({
    is_placeholder: true as const,
    key: `${galleryId}-p${from + i}`,
  }));
}

function toView(gallery: GroupedGallery): GroupedGalleryView {
  const results = gallery.medias.results;
  return {
    id: gallery.id,
    name: gallery.name,
    layout: gallery.layout,
    media_count: gallery.media_count,
    price_list: gallery.price_list,
    refresh_time: gallery.refresh_time,
    // the first page normally covers the placeholders; any shortfall still shows as loading tiles
    items: [...results, ...placeholders(gallery.id, gallery.media_count, results.length)],
    pagination: gallery.medias.pagination,
  };
}

/**
 * The grouped answer as sections in GALLERY_KINDS order (paid, unlocked, favourite): galleries flattened, and those with no
 * media and no price items dropped.
 */
export function toGroupedSections(answer: GroupedGalleries): GroupedSection[] {
  return GROUPED_KINDS.map((kind) => ({
    kind,
    galleries: flattenGalleries(answer[kind])
      .filter((g) => g.media_count > 0 || g.price_list.length > 0)
      .map(toView),
  }));
}

export function mediaOf(items: readonly GalleryItem[]): Media[] {
  return items.filter((item): item is Media => !isPlaceholder(item));
}

/** Nothing loaded: no section holds a gallery. */
export function isGroupedEmpty(sections: readonly GroupedSection[] | null): boolean {
  return !sections || sections.every((s) => s.galleries.length === 0);
}

function mapGalleries(
  sections: readonly GroupedSection[],
  fn: (g: GroupedGalleryView, kind: GalleryKind) => GroupedGalleryView,
): GroupedSection[] {
  return sections.map((s) => ({ ...s, galleries: s.galleries.map((g) => fn(g, s.kind)) }));
}

/** Placeholders for the next page of a gallery while it loads. */
export function withLoadingPage(sections: readonly GroupedSection[], kind: GalleryKind, galleryId: number) {
  return mapGalleries(sections, (g, k) => {
    if (k !== kind || g.id !== galleryId) return g;
    const loaded = mediaOf(g.items).length;
    const remaining = Math.max(0, g.media_count - loaded);
    return { ...g, items: [...mediaOf(g.items), ...placeholders(g.id, remaining, 0, loaded)] };
  });
}

/** A further page of a gallery appended (placeholders replaced; duplicates skipped). */
export function withPage(
  sections: readonly GroupedSection[],
  kind: GalleryKind,
  galleryId: number,
  page: { results: Media[]; pagination: Pagination } | null,
): GroupedSection[] {
  return mapGalleries(sections, (g, k) => {
    if (k !== kind || g.id !== galleryId) return g;
    const loaded = mediaOf(g.items);
    if (!page) return { ...g, items: loaded };
    const seen = new Set(loaded.map((m) => m.id));
    return {
      ...g,
      items: [...loaded, ...page.results.filter((m) => !seen.has(m.id))],
      pagination: page.pagination,
    };
  });
}

export function groupedWithFavourite(
  sections: readonly GroupedSection[],
  mediaId: number,
  favourite: boolean,
) {
  return mapGalleries(sections, (g) =>
    g.items.some((item) => !isPlaceholder(item) && item.id === mediaId)
      ? {
          ...g,
          items: g.items.map((item) =>
            !isPlaceholder(item) && item.id === mediaId ? { ...item, favorite: favourite } : item,
          ),
        }
      : g,
  );
}

export function groupedWithoutMedia(sections: readonly GroupedSection[], mediaId: number) {
  return mapGalleries(sections, (g) =>
    g.items.some((item) => !isPlaceholder(item) && item.id === mediaId)
      ? {
          ...g,
          media_count: Math.max(0, g.media_count - 1),
          items: g.items.filter((item) => isPlaceholder(item) || item.id !== mediaId),
        }
      : g,
  );
}
