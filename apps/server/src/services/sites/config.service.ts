import type { AppConfig } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { type OrganisationRow, organisationsRepository } from '../../repositories/organisations.repository';

export function toAppConfig(org: OrganisationRow): AppConfig {
  return {
    id: org.id,
    app_name: org.appName,
    name: org.name,
    logo: org.logo,
    theme: org.theme,
    hide_cart: org.hideCart,
    footer_company_info: org.footerCompanyInfo,
    footer_categories: org.footerCategories,
    privacy_checkboxes: org.privacyCheckboxes,
    icons: { favicon: org.favicon, apple_touch_icon: org.appleTouchIcon },
    hide_app_store_links: org.hideAppStoreLinks,
    hide_powered_by_logo: org.hidePoweredByLogo,
    hide_marketing_consent_last_update_date: org.hideMarketingConsentLastUpdateDate,
    login_subtitle: org.loginSubtitle,
    marketing_consent_description: org.marketingConsentDescription,
    show_calendar: org.showCalendar,
    disable_social_login: org.disableSocialLogin,
    face_checkin_privacy_statement: org.faceCheckinPrivacyStatement,
    min_required_age: org.minRequiredAge,
    min_required_age_policy_url: org.minRequiredAgePolicyUrl,
    sample_code: org.sampleCode,
  };
}

export function configService(db: Db) {
  const orgs = organisationsRepository(db);
  return {
    async appConfig(appName: string): Promise<AppConfig> {
      const org = await orgs.findByAppName(appName);
      if (!org) throw new NotFoundError('No organisation uses this address.');
      return toAppConfig(org);
    },
    /** The organisation named by the event-owner header, when it exists. */
    async resolveEventOwner(header: string | undefined): Promise<number | null> {
      if (!header || !/^\d{1,9}$/.test(header)) return null;
      const org = await orgs.findById(Number(header));
      return org?.id ?? null;
    },
  };
}
export type ConfigService = ReturnType<typeof configService>;
