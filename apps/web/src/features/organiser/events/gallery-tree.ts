import type { ConsoleGallery } from '@fotodrop/contract/api/organiser-events';

export interface TreeRow {
  gallery: ConsoleGallery;
  depth: number;
  /** Its siblings in order (itself included), for up/down. */
  siblings: ConsoleGallery[];
  path: string;
}

/** Galleries in tree order (parent, then its children by position) with depth and path names. */
export function galleryTree(galleries: ConsoleGallery[]): TreeRow[] {
  const ids = new Set(galleries.map((g) => g.id));
  const childrenOf = (parent: number | null) =>
    galleries
      .filter((g) =>
        parent === null ? g.parent_id === null || !ids.has(g.parent_id) : g.parent_id === parent,
      )
      .sort((a, b) => a.position - b.position || a.id - b.id);
  const rows: TreeRow[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number, prefix: string) => {
    const siblings = childrenOf(parent);
    for (const gallery of siblings) {
      if (seen.has(gallery.id)) continue;
      seen.add(gallery.id);
      const path = prefix ? `${prefix} › ${gallery.name}` : gallery.name;
      rows.push({ gallery, depth, siblings, path });
      visit(gallery.id, depth + 1, path);
    }
  };
  visit(null, 0, '');
  return rows;
}

/** The gallery and every gallery under it: none of them can become its parent or take its photos. */
export function subtreeIds(galleries: ConsoleGallery[], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const g of galleries) {
      if (g.parent_id !== null && out.has(g.parent_id) && !out.has(g.id)) {
        out.add(g.id);
        grew = true;
      }
    }
  }
  return out;
}
