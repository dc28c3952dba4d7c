import { siteIdentity } from '@fotodrop/contract/rules/site-identity';
import { useAppStore } from '../../shared/store/app-store';

/**
 * The organisation config of a host (skipped on the product's own site). Its id becomes the
 * event-owner id (stored, sent as X-Event-Owner). 404 → ready with the defaults; any failure → the
 * stored event-owner id is removed.
 */
export async function loadSiteConfig(host: string): Promise<void> {
  const site = siteIdentity(host);
  const store = useAppStore.getState();
  if (site.kind === 'own') return;
  try {
    // loaded on demand: the own site's home page never needs the query cache or the schemas
    const { loadAppConfig } = await import('../../shared/config/app-config-query');
    const config = await loadAppConfig(site.appName);
    if (config) {
      store.setEventOwnerId(config.id);
      store.setAppConfig(config);
      return;
    }
  } catch {
    // fall back to the defaults below
  }
  store.setEventOwnerId(null);
  store.setAppConfig(null);
}

/** Global guard, on every navigation: the config of this subdomain (from the cache while fresh). */
export async function rootLoader(): Promise<null> {
  await loadSiteConfig(window.location.host);
  return null;
}
