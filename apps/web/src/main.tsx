// first: before any module builds a schema
import './app/strict-csp';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import './shared/ui/ui.css';
import './app/layout/layout.css';
import { rewriteShortHost } from '@fotodrop/contract/rules/site-identity';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initSentry } from './app/sentry';
import { checkHealth } from './shared/api/health';
import { initI18n } from './shared/i18n/i18n';

async function start(container: HTMLElement): Promise<void> {
  // the router first: its loaders, lazy screens and their calls start while the language
  // catalogue downloads, instead of after it (issue 20, the runner's first look)
  const router = createAppRouter();
  await initI18n();
  createRoot(container).render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  void checkHealth();
  void initSentry();
  // its own chunk, off the home route's budget: the queue's start-up send and its triggers
  void import('./shared/metrics').then((metrics) => metrics.startMetrics());
}

// global guard: the short host ("fd.") is rewritten to the www host before anything loads
const wwwHost = rewriteShortHost(window.location.host);
if (wwwHost) {
  const { protocol, pathname, search, hash } = window.location;
  window.location.replace(`${protocol}//${wwwHost}${pathname}${search}${hash}`);
} else {
  const container = document.getElementById('root');
  if (container) void start(container);
}
