import { create } from 'zustand';

/** Media whose favourite change is under way (UI state: the heart is busy, a second tap waits). */
export const useFavouritePending = create<{
  ids: ReadonlySet<number>;
  add(id: number): void;
  remove(id: number): void;
}>()((set) => ({
  ids: new Set(),
  add: (id) => set((s) => ({ ids: new Set(s.ids).add(id) })),
  remove: (id) =>
    set((s) => {
      const ids = new Set(s.ids);
      ids.delete(id);
      return { ids };
    }),
}));
