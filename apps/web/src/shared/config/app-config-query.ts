import { type AppConfig, configEndpoints } from '@fotodrop/contract/api/config';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../api/client';
import { NotFoundError } from '../api/errors';
import { queryClient } from '../api/query-client';
import { currentLanguage } from '../i18n/i18n';

export function appConfigQueryOptions(appName: string, lang: string) {
  return queryOptions({
    queryKey: ['app-config', appName, lang],
    queryFn: ({ signal }) =>
      callEndpoint(configEndpoints.appConfig, { params: { appName }, query: { lang }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The config of an organisation's subdomain, from the cache when fresh; null when it has none (404). */
export async function loadAppConfig(appName: string): Promise<AppConfig | null> {
  try {
    return await queryClient.fetchQuery(appConfigQueryOptions(appName, currentLanguage()));
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
