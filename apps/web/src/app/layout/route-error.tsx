import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../shared/config/paths';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { useTranslation } from '../../shared/i18n/use-translation';

/** HTTP status of an API error (0: no answer), without importing the client into the home page. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Error boundary of the route tree: a screen failed to load or a guard's call failed. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = statusOf(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t('not_found.title') : t('route_error.title');
  const text = notFound
    ? t('not_found.text')
    : status === 0
      ? t('errors.network')
      : status !== undefined && status >= 500
        ? t('errors.server')
        : t('route_error.text');
  usePageTitle(title);
  return (
    <section className="page page-narrow status-page">
      <h1>{title}</h1>
      <p>{text}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('route_error.reload')}
        </button>
        <Link className="btn btn-secondary" to={paths.home.getHref()}>
          {t('common.go_home')}
        </Link>
      </div>
    </section>
  );
}
