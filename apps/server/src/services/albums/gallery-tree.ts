import type { GalleryRow } from '../../repositories/photo-services.repository';

/**
 * A gallery and everything under it, the gallery first: a participant opening "Course" sees its
 * kilometres too. Its own module because both the album
 * screen (album-media.service) and the cart (cart-album) count and price over subtrees.
 */
export function subtreeIds(all: readonly GalleryRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const g of all) if (g.parentId === ids[i]) ids.push(g.id);
  return ids;
}
