import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('not_found.title'));
  return (
    <section className="page page-narrow status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.text')}</p>
      <div className="actions">
        <Link className="btn btn-primary" to={paths.home.getHref()}>
          {t('common.go_home')}
        </Link>
      </div>
    </section>
  );
}
