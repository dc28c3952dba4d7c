import type { Theme } from '@fotodrop/contract/api/config';
import type { Branding } from '@fotodrop/contract/api/organisation-branding';

/** The product's own colours (tokens.css), the starting point of a custom theme. */
export const DEFAULT_THEME: Theme = {
  primary: '#4338ca',
  primary_contrast: '#ffffff',
  accent: '#c2410c',
  background: '#f6f7fb',
  surface: '#ffffff',
  text: '#111827',
};

/** What the form edits: the branding without its images (uploaded on their own), the theme always filled. */
export type BrandingValues = Omit<Branding, 'logo' | 'icons' | 'theme'> & {
  custom_theme: boolean;
  theme: Theme;
};

export function toValues(branding: Branding): BrandingValues {
  const { logo: _logo, icons: _icons, theme, ...rest } = branding;
  return { ...rest, custom_theme: theme !== null, theme: theme ?? DEFAULT_THEME };
}

/** The PATCH body: every field, the theme null when the site keeps the product's colours. */
export function toBody(values: BrandingValues) {
  const { custom_theme, theme, ...rest } = values;
  return { ...rest, theme: custom_theme ? theme : null };
}
