// first, before the schemas' chunk is evaluated: a logged-in album page asks for its album, and a
// logged-in runner's e-mail link for its check-in and user, as soon as this route starts (issue 20)
import '../features/checkins/api/early-album';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../shared/api/query-client';
import { useAppStore } from '../shared/store/app-store';

// a logged-in page's next screens sit behind the login guard: its chunk now, not once a navigation
// (the e-mail link's preview on to the album, issue 20) asks for it
if (useAppStore.getState().token) void import('./guards/require-login');

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
