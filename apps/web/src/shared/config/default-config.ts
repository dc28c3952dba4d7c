import type { AppConfig } from '@fotodrop/contract/api/config';
import { DEFAULT_EVENT_OWNER_ID, MIN_AGE, PICACODE_EXAMPLE } from '@fotodrop/contract/constants';

/** What the product's own site uses, and any subdomain whose config is missing (404) or failed. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  id: DEFAULT_EVENT_OWNER_ID,
  app_name: 'www',
  name: 'Fotodrop',
  logo: null,
  theme: null,
  hide_cart: false,
  footer_company_info: null,
  footer_categories: [],
  privacy_checkboxes: [],
  icons: { favicon: null, apple_touch_icon: null },
  hide_app_store_links: false,
  hide_powered_by_logo: false,
  hide_marketing_consent_last_update_date: false,
  login_subtitle: null,
  marketing_consent_description: null,
  show_calendar: false,
  disable_social_login: false,
  face_checkin_privacy_statement: null,
  min_required_age: MIN_AGE,
  min_required_age_policy_url: null,
  sample_code: PICACODE_EXAMPLE,
};
