import { QueryClient } from '@tanstack/react-query';

/** Retries are the API client's job (contract retry rules), so queries do not add their own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache of server state. */
export const queryClient = createQueryClient();
