import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';

/** What /autologin and /sso show while the token is exchanged. */
export function SigningIn() {
  const { t } = useTranslation();
  usePageTitle(t('auth.autologin.title'));
  return (
    <section className="page page-narrow status-page" aria-busy="true">
      <Spinner size="lg" />
      <h1>{t('auth.autologin.title')}</h1>
      <p>{t('auth.autologin.text')}</p>
    </section>
  );
}
