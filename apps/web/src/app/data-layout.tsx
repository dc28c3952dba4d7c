import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../shared/api/query-client';

/**
 * Wraps every screen except home in the server-state cache. Loaded with the first such screen,
 * so the home page does not carry TanStack Query (home-route budget).
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
