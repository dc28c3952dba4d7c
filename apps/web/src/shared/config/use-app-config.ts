import type { AppConfig } from '@fotodrop/contract/api/config';
import { useAppStore } from '../store/app-store';
import { DEFAULT_APP_CONFIG } from './default-config';

/** The organisation's config, or the product defaults on the own site / when none could be loaded. */
export function useAppConfig(): AppConfig {
  return useAppStore((s) => s.appConfig) ?? DEFAULT_APP_CONFIG;
}

/** True on an organisation's subdomain whose config loaded. */
export function useIsBranded(): boolean {
  return useAppStore((s) => s.appConfig !== null);
}
