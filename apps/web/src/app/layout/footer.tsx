import { Link } from 'react-router';
import { paths } from '../../shared/config/paths';
import { useAppConfig, useIsBranded } from '../../shared/config/use-app-config';
import { useTranslation } from '../../shared/i18n/use-translation';
import { AppStoreLinks } from '../../shared/ui/app-store-links';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { BrandLogo, FotodropWordmark } from '../../shared/ui/logo';

/** The product's own site, from an organisation's subdomain: same domain with "www". */
function ownSiteUrl(): string {
  const { protocol, host } = window.location;
  const labels = host.split('.');
  return labels.length > 2 ? `${protocol}//www.${labels.slice(1).join('.')}/` : '/';
}

export function Footer() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const branded = useIsBranded();
  const year = new Date().getFullYear();

  const categories =
    config.footer_categories.length > 0
      ? config.footer_categories.map((c) => ({ ...c, internal: false }))
      : [
          {
            title: t('footer.product'),
            internal: true,
            links: [
              { label: t('footer.how_it_works'), url: `${paths.home.getHref()}#how` },
              { label: t('footer.for_organisers'), url: `${paths.home.getHref()}#organisers` },
              { label: t('footer.help'), url: paths.help.getHref() },
            ],
          },
        ];

  return (
    <footer className="app-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <BrandLogo size={26} />
          {config.footer_company_info ? (
            <p className="footer-company">{config.footer_company_info}</p>
          ) : (
            <p className="footer-company">{t('footer.tagline')}</p>
          )}
          {config.show_calendar && (
            <p>
              <Link to={paths.events.getHref()}>{t('calendar.title')}</Link>
            </p>
          )}
        </div>
        {categories.map((category) => (
          <nav key={category.title} className="footer-links" aria-label={category.title}>
            <h2 className="footer-heading">{category.title}</h2>
            <ul>
              {category.links.map((link) => (
                <li key={link.url + link.label}>
                  {category.internal ? (
                    <Link to={link.url}>{link.label}</Link>
                  ) : (
                    <a href={link.url}>{link.label}</a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="footer-side">
          <LanguageSwitcher />
          {!config.hide_app_store_links && (
            <div className="store-links">
              <h2 className="footer-heading">{t('footer.get_app')}</h2>
              <AppStoreLinks />
            </div>
          )}
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.copyright', { year, name: config.name })}</p>
        {branded && !config.hide_powered_by_logo && (
          <a className="powered-by" href={ownSiteUrl()}>
            <span>{t('footer.powered_by')}</span>
            <FotodropWordmark size={18} />
          </a>
        )}
      </div>
    </footer>
  );
}
