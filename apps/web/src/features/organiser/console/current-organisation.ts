import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { readItem, writeItem } from '../../../shared/store/safe-storage';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';
import { myOrganisationsQuery } from '../api/team-api';

const chosen = create<{ id: number | null; choose: (id: number) => void }>((set) => ({
  id: Number(readItem('local', STORAGE_KEYS.consoleOrganisation)) || null,
  choose: (id) => {
    writeItem('local', STORAGE_KEYS.consoleOrganisation, String(id));
    set({ id });
  },
}));

/**
 * The organisation the console shows: the one last chosen in the switcher while the caller still
 * belongs to it, else their first. The role comes from the server's answer, never from storage.
 */
export function useCurrentOrganisation() {
  const query = useQuery(myOrganisationsQuery());
  const { id, choose } = chosen();
  const organisations: MyOrganisation[] = query.data?.results ?? [];
  const current = organisations.find((o) => o.id === id) ?? organisations[0] ?? null;
  return { query, organisations, current, choose };
}
