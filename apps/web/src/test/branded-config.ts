import type { AppConfig } from '@fotodrop/contract/api/config';
import { DEFAULT_APP_CONFIG } from '../shared/config/default-config';

/** A branded site's config with every field set apart from the main site (as the demo's alpinerun). */
export function brandedConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...DEFAULT_APP_CONFIG,
    id: 901,
    app_name: 'alpinerun',
    name: 'Alpine Run Club',
    logo: '/brand/alpinerun.svg',
    theme: {
      primary: '#0f766e',
      primary_contrast: '#ffffff',
      accent: '#f59e0b',
      background: '#f0fdfa',
      surface: '#ffffff',
      text: '#134e4a',
    },
    hide_cart: true,
    footer_company_info: 'Alpine Run Club · Via dei Monti 12 · Bolzano',
    footer_categories: [
      { title: 'Alpine Run', links: [{ label: 'Race calendar', url: 'https://alpinerun.example/calendar' }] },
    ],
    privacy_checkboxes: [
      {
        id: 'club.photo-rules',
        label: 'I accept the club photo rules',
        required: true,
        url: 'https://alpinerun.example/photo-rules',
      },
      { id: 'club-newsletter', label: 'Send me the club newsletter', required: false, url: null },
    ],
    icons: { favicon: '/brand/alpinerun-icon.svg', apple_touch_icon: '/brand/alpinerun-touch-icon.png' },
    hide_app_store_links: true,
    hide_powered_by_logo: true,
    hide_marketing_consent_last_update_date: true,
    login_subtitle: 'Find your race photos',
    marketing_consent_description: 'News about upcoming Alpine Run races.',
    show_calendar: true,
    disable_social_login: true,
    face_checkin_privacy_statement: 'The club compares your selfie with this race only.',
    min_required_age: 16,
    min_required_age_policy_url: 'https://alpinerun.example/youth-policy',
    sample_code: 'TRAIL4821',
    ...overrides,
  };
}
