import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** /checkin-error: a preview or check-in could not be opened. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('checkin_error.title'));
  return (
    <section className="page page-narrow status-page">
      <h1>{t('checkin_error.title')}</h1>
      <p>{t('checkin_error.text')}</p>
      <div className="actions">
        <Link className="btn btn-primary" to={paths.checkins.getHref()}>
          {t('checkin_error.enter_code')}
        </Link>
        <Link className="btn btn-secondary" to={paths.help.getHref()}>
          {t('checkin_error.help')}
        </Link>
      </div>
    </section>
  );
}
