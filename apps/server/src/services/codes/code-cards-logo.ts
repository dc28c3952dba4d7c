import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage';
import type { OrganisationRow } from '../../repositories/organisations.repository';
import { storedBrandingKey } from '../organisations/branding.service';
import type { CardLogo } from './code-cards-pdf';

/**
 * Pixels a card's logo keeps at most: its plate is at most about 47 × 14 mm, so this is 300 dpi
 * or more, and a 1200 px upload does not weigh on every PDF.
 */
const MAX = { width: 640, height: 200 };

/**
 * The organisation's uploaded logo, ready for the cards: on white (its plate), scaled down, as
 * PNG. Null without a logo of ours, or when its file is missing: the cards then print the name.
 */
export async function cardLogo(
  storage: Storage,
  org: Pick<OrganisationRow, 'id' | 'logo'>,
): Promise<CardLogo | null> {
  const key = storedBrandingKey(org.id, org.logo);
  const bytes = key ? await storage.get(key) : null;
  if (!bytes) return null;
  const { data, info } = await sharp(bytes)
    .flatten({ background: '#ffffff' })
    .resize(MAX.width, MAX.height, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  return { src: `data:image/png;base64,${data.toString('base64')}`, width: info.width, height: info.height };
}
