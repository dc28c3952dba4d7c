import type { TokenType, User } from '@fotodrop/contract/api/accounts';
import type { AppConfig } from '@fotodrop/contract/api/config';
import { DEFAULT_TOKEN_TYPE } from '@fotodrop/contract/constants';
import { isLanguage, type Language } from '@fotodrop/contract/languages';
import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { readItem, readJson, type StorageArea, writeItem } from './safe-storage';
import { STORAGE_KEYS } from './storage-keys';

export interface Campaign {
  campaign_code: string;
  campaign_expires_at: string | null;
}

/** What a /preview link leaves behind for the check-in that follows (entry spec §2, §4). */
export interface PreviewState {
  isPreviewCheckin: boolean;
  autoCheckinPicacode: string | null;
  source: string | null;
  tags: string[];
  marketingCheck: boolean;
  disableSocialLogin: boolean;
  stay: { start: string | null; end: string | null } | null;
  redirect: string | null;
}

/** Photo-service ids whose welcome / fixed popup the user has already seen. */
export interface PopupsViewed {
  welcome: number[];
  fixed: number[];
}

export type ModalName = 'sessionExpired';

/** The session a staff member left to view the app as another user (albums spec: impersonator memory). */
export interface ImpersonatorMemory {
  token: string;
  tokenType: TokenType;
}

interface PersistedState {
  token: string | null;
  tokenType: TokenType;
  user: User | null;
  eventOwnerId: number | null;
  language: Language | null;
  preview: PreviewState | null;
  popupsViewed: PopupsViewed;
  voucher: string | null;
  campaign: Campaign | null;
  picacodeRecovery: string | null;
  metricQueue: unknown[];
  impersonator: ImpersonatorMemory | null;
}

interface MemoryState {
  /** The organisation's config once loaded; null on the product's own site or when loading failed. */
  appConfig: AppConfig | null;
  modals: Partial<Record<ModalName, boolean>>;
  maintenance: boolean;
}

interface Actions {
  setAuth(token: string, tokenType?: TokenType): void;
  setUser(user: User | null): void;
  setEventOwnerId(id: number | null): void;
  setLanguage(language: Language): void;
  setPreview(preview: PreviewState | null): void;
  markPopupViewed(kind: keyof PopupsViewed, serviceId: number): void;
  setVoucher(voucher: string | null): void;
  setCampaign(campaign: Campaign | null): void;
  setPicacodeRecovery(picacode: string | null): void;
  setAppConfig(config: AppConfig | null): void;
  setModal(name: ModalName, open: boolean): void;
  setMaintenance(on: boolean): void;
  /**
   * Remembers the current session and switches to the impersonated user's token (not remembered);
   * the user is fetched again. While impersonating already, the original session stays the memory.
   */
  startImpersonation(token: string, tokenType: TokenType): void;
  /** Restores the remembered session and clears the memory; the user is fetched again. */
  endImpersonation(): void;
  /**
   * Clears token, user, event owner, modal flags and the session-recovery items. Keeps the language.
   * While impersonating, ending the session returns to the remembered one instead.
   */
  logout(): void;
}

export type AppState = PersistedState & MemoryState & Actions;

const emptyPersisted: PersistedState = {
  token: null,
  tokenType: DEFAULT_TOKEN_TYPE,
  user: null,
  eventOwnerId: null,
  language: null,
  preview: null,
  popupsViewed: { welcome: [], fixed: [] },
  voucher: null,
  campaign: null,
  picacodeRecovery: null,
  metricQueue: [],
  impersonator: null,
};

function isImpersonatorMemory(value: unknown): value is ImpersonatorMemory {
  const v = value as ImpersonatorMemory | null;
  return (
    typeof v?.token === 'string' && v.token !== '' && (v.tokenType === 'Token' || v.tokenType === 'Bearer')
  );
}

type Field<K extends keyof PersistedState> = {
  key: string;
  area: StorageArea;
  read(area: StorageArea, key: string): PersistedState[K] | null;
  write(value: PersistedState[K]): string | null;
};

const raw = <K extends keyof PersistedState>(
  key: string,
  parse: (s: string) => PersistedState[K] | null,
  area: StorageArea = 'local',
): Field<K> => ({
  key,
  area,
  read: (a, k) => {
    const s = readItem(a, k);
    return s === null ? null : parse(s);
  },
  write: (v) => (v === null ? null : String(v)),
});

const json = <K extends keyof PersistedState>(key: string): Field<K> => ({
  key,
  area: 'local',
  read: (a, k) => readJson<PersistedState[K]>(a, k),
  write: (v) => (v === null ? null : JSON.stringify(v)),
});

/** Each piece of state in its own storage item, under the names of STORAGE_KEYS. */
const fields: { [K in keyof PersistedState]: Field<K> } = {
  token: raw(STORAGE_KEYS.token, (s) => s || null),
  tokenType: raw(STORAGE_KEYS.tokenType, (s) => (s === 'Token' || s === 'Bearer' ? s : null)),
  user: json(STORAGE_KEYS.user),
  eventOwnerId: raw(STORAGE_KEYS.eventOwner, (s) => (/^\d+$/.test(s) ? Number(s) : null)),
  language: raw(STORAGE_KEYS.language, (s) => (isLanguage(s) ? s : null)),
  preview: json(STORAGE_KEYS.preview),
  popupsViewed: json(STORAGE_KEYS.popupsViewed),
  voucher: raw(STORAGE_KEYS.voucher, (s) => s || null),
  campaign: json(STORAGE_KEYS.campaign),
  picacodeRecovery: raw(STORAGE_KEYS.picacodeRecovery, (s) => s || null, 'session'),
  metricQueue: json(STORAGE_KEYS.metricQueue),
  impersonator: {
    ...json<'impersonator'>(STORAGE_KEYS.impersonator),
    read: (a, k) => {
      const value = readJson<unknown>(a, k);
      return isImpersonatorMemory(value) ? value : null;
    },
  },
};

const fieldNames = Object.keys(fields) as (keyof PersistedState)[];

const splitStorage: PersistStorage<PersistedState> = {
  getItem: () => {
    const state = { ...emptyPersisted } as Record<keyof PersistedState, unknown>;
    for (const name of fieldNames) {
      const field = fields[name] as Field<typeof name>;
      const value = field.read(field.area, field.key);
      if (value !== null) state[name] = value;
    }
    return { state: state as PersistedState, version: 0 };
  },
  setItem: (_name, { state }) => {
    for (const name of fieldNames) {
      const field = fields[name] as Field<typeof name>;
      // the default token type is not worth a storage item of its own
      const value = name === 'tokenType' && state.token === null ? null : state[name];
      writeItem(field.area, field.key, field.write(value as never));
    }
  },
  removeItem: () => {
    for (const name of fieldNames) writeItem(fields[name].area, fields[name].key, null);
  },
};

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...emptyPersisted,
      appConfig: null,
      modals: {},
      maintenance: false,
      setAuth: (token, tokenType = DEFAULT_TOKEN_TYPE) => set({ token, tokenType }),
      setUser: (user) => set({ user }),
      setEventOwnerId: (eventOwnerId) => set({ eventOwnerId }),
      setLanguage: (language) => set({ language }),
      setPreview: (preview) => set({ preview }),
      markPopupViewed: (kind, serviceId) =>
        set((s) =>
          s.popupsViewed[kind].includes(serviceId)
            ? s
            : { popupsViewed: { ...s.popupsViewed, [kind]: [...s.popupsViewed[kind], serviceId] } },
        ),
      setVoucher: (voucher) => set({ voucher }),
      setCampaign: (campaign) => set({ campaign }),
      setPicacodeRecovery: (picacodeRecovery) => set({ picacodeRecovery }),
      setAppConfig: (appConfig) => set({ appConfig }),
      setModal: (name, open) => set((s) => ({ modals: { ...s.modals, [name]: open } })),
      setMaintenance: (maintenance) => set({ maintenance }),
      startImpersonation: (token, tokenType) =>
        set((s) => ({
          impersonator: s.impersonator ?? (s.token ? { token: s.token, tokenType: s.tokenType } : null),
          token,
          tokenType,
          user: null,
        })),
      endImpersonation: () =>
        set((s) =>
          s.impersonator
            ? {
                token: s.impersonator.token,
                tokenType: s.impersonator.tokenType,
                impersonator: null,
                user: null,
              }
            : s,
        ),
      logout: () =>
        set((s) =>
          s.impersonator
            ? {
                token: s.impersonator.token,
                tokenType: s.impersonator.tokenType,
                impersonator: null,
                user: null,
                modals: {},
              }
            : {
                token: null,
                tokenType: DEFAULT_TOKEN_TYPE,
                user: null,
                eventOwnerId: null,
                modals: {},
                picacodeRecovery: null,
              },
        ),
    }),
    {
      name: 'fotodrop',
      storage: splitStorage,
      partialize: (s): PersistedState => {
        const out = {} as Record<keyof PersistedState, unknown>;
        for (const name of fieldNames) out[name] = s[name];
        return out as PersistedState;
      },
    },
  ),
);

export const selectIsLoggedIn = (s: AppState): boolean => s.token !== null;
export const useIsLoggedIn = (): boolean => useAppStore(selectIsLoggedIn);
