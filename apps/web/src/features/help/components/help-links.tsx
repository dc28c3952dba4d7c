import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AppStoreLinks } from '../../../shared/ui/app-store-links';

/** The mailto support address with a subject, the camera help, the policies and the apps. */
export function HelpLinks({ email }: { email: string | null }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  return (
    <div className="help-links">
      <section className="card" aria-labelledby="help-camera-title">
        <h2 id="help-camera-title">{t('help.camera_title')}</h2>
        <p>{t('help.camera_text')}</p>
        <Link to={paths.cameraHelp.getHref()}>{t('help.camera_link')}</Link>
      </section>
      {email && (
        <section className="card" aria-labelledby="help-mail-title">
          <h2 id="help-mail-title">{t('help.mail_title')}</h2>
          <p>{t('help.mail_text')}</p>
          <a
            href={`mailto:${email}?subject=${encodeURIComponent(t('help.mail_subject', { name: config.name }))}`}
          >
            {email}
          </a>
        </section>
      )}
      <section className="card" aria-labelledby="help-docs-title">
        <h2 id="help-docs-title">{t('help.documents_title')}</h2>
        <ul className="help-doc-links">
          <li>
            <Link to={paths.termsOfService.getHref()}>{t('help.terms_link')}</Link>
          </li>
          <li>
            <Link to={paths.privacyPolicy.getHref()}>{t('help.privacy_link')}</Link>
          </li>
        </ul>
        {!config.hide_app_store_links && (
          <>
            <h3>{t('footer.get_app')}</h3>
            <AppStoreLinks />
          </>
        )}
      </section>
    </div>
  );
}
