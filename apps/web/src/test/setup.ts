import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { User } from '@fotodrop/contract/api/accounts';
import { configureApiClient } from '../shared/api/client';
import { clearSession } from '../shared/auth/user';
import { type Catalogue, initI18n, setCatalogueLoader } from '../shared/i18n/i18n';
import { useAppStore } from '../shared/store/app-store';

/** Starts i18next with the real catalogues, read from disk (the app fetches them). */
export async function initTestI18n(): Promise<void> {
  setCatalogueLoader(async (language) => {
    try {
      // a plain path: Vite would rewrite `new URL(<template>, import.meta.url)` into asset URLs
      const path = join(
        dirname(fileURLToPath(import.meta.url)),
        '..',
        'shared',
        'i18n',
        'locales',
        `${language}.json`,
      );
      return JSON.parse(await readFile(path, 'utf8')) as Catalogue;
    } catch {
      return null;
    }
  });
  await initI18n('en');
}

/** Empty storage, store and cache; the API client pointed at `baseUrl`. */
export function resetApp(baseUrl = 'http://127.0.0.1:9/api'): void {
  // jsdom has no scrolling; the layout scrolls to the top on every page
  window.scrollTo = () => {};
  localStorage.clear();
  sessionStorage.clear();
  useAppStore.persist.rehydrate();
  useAppStore.setState({ appConfig: null, modals: {}, maintenance: false });
  clearSession();
  configureApiClient({ baseUrl });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    language: 'en',
    is_anonymous: false,
    accepted_required_policies: true,
    marketing_consent: false,
    marketing_consent_updated_at: null,
    has_usable_password: true,
    date_joined: '2025-01-01T00:00:00Z',
    perms: [],
    ...overrides,
  };
}
