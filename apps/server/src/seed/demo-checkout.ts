import { PHOTOBOOK_DELIVERY_COUNTRIES } from '@fotodrop/contract';
import { isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bankAccounts, eventPaymentSettings } from '../db/order-schema';
import { campaigns, vouchers } from '../db/voucher-schema';
import { photoServicesRepository } from '../repositories/photo-services.repository';
import { shippingRatesRepository } from '../repositories/shipping-rates.repository';

/** The demo's voucher and campaign codes (README "Demo codes"). */
export const DEMO_CHECKOUT_CODES = {
  /** Three photos free (the three dearest photos picked one by one). */
  freePhotos: 'FREE3',
  /** 20 % off the photos and prints. */
  promo: 'PROMO20',
  /** €5 off, one order in all: the second order to try it is told it was already used. */
  singleUse: 'WELCOME5',
  /** 10 % off through a campaign link (`?campaign_code=SUMMER10`), valid for a year after seeding. */
  campaign: 'SUMMER10',
} as const;

/** Slug of the branded club's trail run, which offers card and bank transfer only. */
const TRAIL_SLUG = 'a1b7e5d0';
const YEAR_MS = 365 * 86_400_000;

/**
 * Shipping per order with prints, EUR cents: nearby countries cheaper, Switzerland (customs) dearest.
 * Prints are not delivered elsewhere (the US, Brazil…): "No delivery to your country".
 */
function demoRate(country: string): { shipping: number; handlingFee: number } {
  if (country === 'CH') return { shipping: 1290, handlingFee: 250 };
  if (['IT', 'AT', 'DE', 'SI', 'FR'].includes(country)) return { shipping: 590, handlingFee: 150 };
  return { shipping: 790, handlingFee: 150 };
}

/**
 * What the demo sells with: shipping rates for European countries, the platform's bank account for
 * transfers, vouchers, a campaign, and the trail run's payment methods. Adds only what is missing,
 * so it is safe at every start and fills an installation seeded before checkout existed.
 */
export async function seedDemoCheckout(db: Db, now = new Date()): Promise<void> {
  await shippingRatesRepository(db).insertMissing(
    [...PHOTOBOOK_DELIVERY_COUNTRIES, 'CH'].map((country) => ({
      country,
      currency: 'EUR',
      ...demoRate(country),
    })),
  );

  // The platform's account (no organisation): a null key is not unique, so look before adding.
  const [account] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(isNull(bankAccounts.organisationId));
  if (!account) {
    await db.insert(bankAccounts).values({
      organisationId: null,
      beneficiary: 'Fotodrop Demo S.r.l.',
      iban: 'IT60X0542811101000000123456',
      bic: 'BPMOIT22XXX',
    });
  }

  await db
    .insert(vouchers)
    .values([
      { code: DEMO_CHECKOUT_CODES.freePhotos, kind: 'free_photos', value: 3 },
      { code: DEMO_CHECKOUT_CODES.promo, kind: 'percent', value: 20 },
      { code: DEMO_CHECKOUT_CODES.singleUse, kind: 'amount', value: 500, currency: 'EUR', maxUses: 1 },
    ])
    .onConflictDoNothing();
  await db
    .insert(campaigns)
    .values({
      code: DEMO_CHECKOUT_CODES.campaign,
      percentOff: 10,
      expiresAt: new Date(now.getTime() + YEAR_MS),
    })
    .onConflictDoNothing();

  // The club sells its trail photos by card or bank transfer, with its own transfer note.
  const trail = await photoServicesRepository(db).findBySlug(TRAIL_SLUG);
  if (trail) {
    await db
      .insert(eventPaymentSettings)
      .values({
        photoServiceId: trail.id,
        methods: ['stripe', 'bank-transfer'],
        confirmMessages: {
          'bank-transfer':
            'Thank you for supporting the Alpine Run Club! Your photos unlock as soon as your transfer reaches us, usually within two working days.',
        },
      })
      .onConflictDoNothing();
  }
}
