import type { CSSProperties } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { BrandingValues } from './branding-values';

/**
 * A small picture of the participant's home page with the form's current values: header with the
 * logo, the hero with the code field and its button, the footer. Drawn with the same colour tokens
 * the site uses, set on this box only.
 */
export function BrandingPreview({ values, logo }: { values: BrandingValues; logo: string | null }) {
  const { t } = useTranslation();
  const theme = values.custom_theme ? values.theme : null;
  const style = (
    theme
      ? {
          '--color-primary': theme.primary,
          '--color-primary-contrast': theme.primary_contrast,
          '--color-accent': theme.accent,
          '--color-bg': theme.background,
          '--color-surface': theme.surface,
          '--color-text': theme.text,
        }
      : {}
  ) as CSSProperties;
  return (
    <figure className="branding-preview" style={style} aria-labelledby="branding-preview-caption">
      <figcaption id="branding-preview-caption" className="branding-preview-caption">
        {t('organiser.branding.preview')}
      </figcaption>
      <div className="branding-preview-site" aria-hidden="true">
        <div className="branding-preview-header">
          {logo ? <img src={logo} alt="" /> : <strong>{values.name}</strong>}
          <span className="branding-preview-link">{t('nav.login')}</span>
        </div>
        <div className="branding-preview-hero">
          <strong>{values.name}</strong>
          <span>{values.login_subtitle || t('organiser.branding.preview_subtitle')}</span>
          <span className="branding-preview-field">{values.sample_code ?? 'ABC123'}</span>
          <span className="branding-preview-button">{t('organiser.branding.preview_button')}</span>
          <span className="branding-preview-accent">{t('organiser.branding.preview_accent')}</span>
        </div>
        <div className="branding-preview-footer">
          {values.footer_categories.map((category, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a picture redrawn on each keystroke, no state in it
            <span key={i}>
              <strong>{category.title}</strong>
              {category.links.map((link, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <span key={j}>{link.label}</span>
              ))}
            </span>
          ))}
          {values.footer_company_info && <small>{values.footer_company_info}</small>}
        </div>
      </div>
    </figure>
  );
}
