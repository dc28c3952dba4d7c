import { createHash } from 'node:crypto';
import {
  BRANDING_IMAGE_MAX_BYTES,
  type Branding,
  type BrandingImageKind,
  type updateBrandingBodySchema,
} from '@fotodrop/contract';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { ValidationError } from '../../http/errors';
import { inspectImage, MediaRejected } from '../../media/inspect';
import { type OrganisationRow, organisationsRepository } from '../../repositories/organisations.repository';
import type { AuthContext } from '../accounts/auth.service';
import { refusal } from '../media/media-files.service';
import { toAppConfig } from '../sites/config.service';
import { consoleAccess, organisationNotFound } from './console-access';

/** Where the site's images are served from (our origin; `routes/branding-files.routes.ts`). */
export const BRANDING_FILES_PATH = '/api/branding-files';
const BRANDING_IMAGE_MAX_PIXELS = 40e6;

/** How each image is made: a logo keeps its shape, the icons are squares. */
const IMAGE_SHAPES: Record<BrandingImageKind, { width: number; height: number; fit: 'inside' | 'contain' }> =
  {
    logo: { width: 1200, height: 300, fit: 'inside' },
    favicon: { width: 64, height: 64, fit: 'contain' },
    apple_touch_icon: { width: 180, height: 180, fit: 'contain' },
  };
const COLUMN = { logo: 'logo', favicon: 'favicon', apple_touch_icon: 'appleTouchIcon' } as const;

export function toBranding(org: OrganisationRow): Branding {
  const { id: _id, app_name: _appName, ...config } = toAppConfig(org);
  return { ...config, support_email: org.supportEmail, time_zone: org.timeZone };
}

/** The storage key of an image this organisation's site serves, from its public path. */
export function brandingKey(organisationId: number, file: string): string {
  return `branding/${organisationId}/${file}`;
}

/**
 * The storage key of an image column's path when the file is one we stored (uploaded in the
 * console); null for none, or for a path elsewhere (the demo's own images).
 */
export function storedBrandingKey(organisationId: number, path: string | null): string | null {
  const prefix = `${BRANDING_FILES_PATH}/${organisationId}/`;
  return path?.startsWith(prefix) ? brandingKey(organisationId, path.slice(prefix.length)) : null;
}

/**
 * The owner's branding of their site (issue 18): every AppConfig field, and the logo and icons,
 * which are checked like photos (content, size, pixels), re-encoded as PNG without their metadata
 * and served from our own origin under a name that changes with the content (cached for good).
 */
export function brandingService(deps: { db: Db; storage: Storage }) {
  const access = consoleAccess(deps.db);
  const orgs = () => organisationsRepository(deps.db);

  async function stored(id: number): Promise<OrganisationRow> {
    const org = await orgs().findById(id);
    if (!org) throw organisationNotFound();
    return org;
  }

  /** Replaces one image column, deleting the file it named (ours only, never the demo's paths). */
  async function setImage(
    org: OrganisationRow,
    kind: BrandingImageKind,
    path: string | null,
  ): Promise<Branding> {
    const previous = org[COLUMN[kind]];
    const updated = await orgs().update(org.id, { [COLUMN[kind]]: path });
    const previousKey = storedBrandingKey(org.id, previous);
    if (previousKey && previous !== path) await deps.storage.delete(previousKey);
    return toBranding(updated ?? org);
  }

  return {
    async get(auth: AuthContext, id: number): Promise<Branding> {
      await access.organisation(auth, id, 'branding.manage');
      return toBranding(await stored(id));
    },

    async update(
      auth: AuthContext,
      id: number,
      body: z.output<typeof updateBrandingBodySchema>,
    ): Promise<Branding> {
      await access.organisation(auth, id, 'branding.manage');
      if (body.sample_code && !(await orgs().ownsCode(id, body.sample_code))) {
        throw new ValidationError(
          { sample_code: ['sample_code.unknown'] },
          'The sample code must be an album code of one of your events.',
        );
      }
      const updated = await orgs().update(id, {
        name: body.name,
        theme: body.theme,
        hideCart: body.hide_cart,
        footerCompanyInfo: body.footer_company_info,
        footerCategories: body.footer_categories,
        privacyCheckboxes: body.privacy_checkboxes,
        hideAppStoreLinks: body.hide_app_store_links,
        hidePoweredByLogo: body.hide_powered_by_logo,
        hideMarketingConsentLastUpdateDate: body.hide_marketing_consent_last_update_date,
        loginSubtitle: body.login_subtitle,
        marketingConsentDescription: body.marketing_consent_description,
        showCalendar: body.show_calendar,
        disableSocialLogin: body.disable_social_login,
        faceCheckinPrivacyStatement: body.face_checkin_privacy_statement,
        minRequiredAge: body.min_required_age,
        minRequiredAgePolicyUrl: body.min_required_age_policy_url,
        sampleCode: body.sample_code,
        supportEmail: body.support_email,
        timeZone: body.time_zone,
      } satisfies Record<string, unknown> as Partial<OrganisationRow>);
      return toBranding(updated ?? (await stored(id)));
    },

    async uploadImage(
      auth: AuthContext,
      id: number,
      kind: BrandingImageKind,
      bytes: Buffer,
    ): Promise<Branding> {
      await access.organisation(auth, id, 'branding.manage');
      let png: Buffer;
      try {
        await inspectImage(bytes, {
          maxBytes: BRANDING_IMAGE_MAX_BYTES,
          maxPixels: BRANDING_IMAGE_MAX_PIXELS,
        });
        const shape = IMAGE_SHAPES[kind];
        // sharp writes no metadata unless asked: EXIF, GPS and ICC comments of the upload are gone
        png = await sharp(bytes, { limitInputPixels: BRANDING_IMAGE_MAX_PIXELS })
          .rotate()
          .resize(shape.width, shape.height, {
            fit: shape.fit,
            withoutEnlargement: kind === 'logo',
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          })
          .png({ compressionLevel: 9 })
          .toBuffer();
      } catch (error) {
        throw error instanceof MediaRejected ? refusal(error) : error;
      }
      const org = await stored(id);
      const file = `${kind.replace(/_/g, '-')}-${createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`;
      await deps.storage.put(brandingKey(id, file), png, 'image/png');
      return setImage(org, kind, `${BRANDING_FILES_PATH}/${id}/${file}`);
    },

    async removeImage(auth: AuthContext, id: number, kind: BrandingImageKind): Promise<Branding> {
      await access.organisation(auth, id, 'branding.manage');
      return setImage(await stored(id), kind, null);
    },
  };
}
export type BrandingService = ReturnType<typeof brandingService>;
