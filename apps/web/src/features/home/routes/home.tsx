import './home.css';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useAppConfig, useIsBranded } from '../../../shared/config/use-app-config';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { LineIcon } from '../../../shared/ui/line-icon';

function StepIcon({ d }: { d: string }) {
  return (
    <span className="feature-icon" aria-hidden="true">
      <LineIcon d={d} size={26} />
    </span>
  );
}

const ICONS = {
  code: 'M4 7h16v10H4zM8 11h.01M12 11h.01M16 11h.01M8 14h8',
  selfie:
    'M8 4H5a1 1 0 0 0-1 1v3M16 4h3a1 1 0 0 1 1 1v3M8 20H5a1 1 0 0 1-1-1v-3M16 20h3a1 1 0 0 0 1-1v-3M9 10h.01M15 10h.01M9 15c1.6 1.3 4.4 1.3 6 0',
  share: 'M12 3v12M7 8l5-5 5 5M5 14v5a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-5',
};

export function HomePage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const branded = useIsBranded();
  const voucher = useAppStore((s) => s.voucher);
  usePageTitle(t('home.page_title'));
  // an organisation's own site shows its own wording (AppConfig.login_subtitle) or none
  const eyebrow = branded ? config.login_subtitle : t('home.eyebrow');

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div className="hero-copy">
            {eyebrow && <p className="eyebrow">{eyebrow}</p>}
            <h1 id="hero-title">
              {branded ? t('home.hero_title_branded', { name: config.name }) : t('home.hero_title')}
            </h1>
            <p className="hero-lead">{t('home.hero_text')}</p>
            {voucher && <Alert tone="success">{t('home.voucher_saved', { code: voucher })}</Alert>}
            {/* issue 17: a visitor's code opens the preview (watermarked photos, then sign-up). A plain
                GET form, no script: the home route's JS budget has no room (decisions.md) */}
            <form className="home-code" action={paths.preview.path}>
              <label className="field-label" htmlFor="home-code">
                {t('home.art_code_label')}
              </label>
              <input
                id="home-code"
                name="picacode"
                className="input code-field"
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
              <button type="submit" className="btn btn-primary btn-lg">
                {t('home.code_submit')}
              </button>
            </form>
            <div className="actions">
              <Link className="btn btn-secondary btn-lg" to={paths.signup.getHref()}>
                {t('home.signup')}
              </Link>
              <Link className="btn btn-secondary btn-lg" to={paths.login.getHref()}>
                {t('home.login')}
              </Link>
            </div>
            <p className="hero-note">{t('home.hero_note')}</p>
            {config.show_calendar && (
              <p className="hero-note">
                <Link to={paths.events.getHref()}>{t('calendar.title')}</Link>
              </p>
            )}
          </div>
          <div className="hero-art" aria-hidden="true">
            <div className="photo photo-1" />
            <div className="photo photo-2" />
            <div className="photo photo-3" />
            {config.sample_code && (
              <div className="hero-code">
                <span>{t('home.art_code_label')}</span>
                <strong>{config.sample_code}</strong>
              </div>
            )}
          </div>
        </div>
      </section>

      <section id="how" className="section" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title">{t('home.how_title')}</h2>
          <ul className="feature-grid">
            <li className="card feature">
              <StepIcon d={ICONS.code} />
              <h3>{t('home.code_title')}</h3>
              <p>{t('home.code_text')}</p>
            </li>
            <li className="card feature">
              <StepIcon d={ICONS.selfie} />
              <h3>{t('home.selfie_title')}</h3>
              <p>{t('home.selfie_text')}</p>
            </li>
            <li className="card feature">
              <StepIcon d={ICONS.share} />
              <h3>{t('home.buy_title')}</h3>
              <p>{t('home.buy_text')}</p>
            </li>
          </ul>
        </div>
      </section>

      {/* an organisation's own site does not advertise Fotodrop to other organisers */}
      {!branded && (
        <section id="organisers" className="section section-alt" aria-labelledby="organisers-title">
          <div className="container organisers">
            <div>
              <h2 id="organisers-title">{t('home.org_title')}</h2>
              <p className="lead">{t('home.org_text')}</p>
            </div>
            <ul className="checklist">
              <li>{t('home.org_point_brand')}</li>
              <li>{t('home.org_point_delivery')}</li>
              <li>{t('home.org_point_prices')}</li>
              <li>{t('home.org_point_support')}</li>
            </ul>
          </div>
        </section>
      )}
    </div>
  );
}
