import { type ReactNode, StrictMode } from 'react';

/**
 * Providers around the router. i18next is a module singleton (shared/i18n, started before the
 * first render); the server-state cache (TanStack Query) is provided by the lazy data layout
 * (app/data-layout.tsx) so the home page does not load it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <StrictMode>{children}</StrictMode>;
}
