import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/router';
import { connectSession } from '../app/session';

/** The real route table and providers in a memory router (route-level tests). */
export function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  connectSession(router);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export type TestRouter = ReturnType<typeof renderApp>;

export const here = (router: TestRouter) => router.state.location.pathname + router.state.location.search;
