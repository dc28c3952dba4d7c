import './price-list-card.css';
import type { PackageOffer, PriceListItem } from '@fotodrop/contract/api/galleries';
import type { PackageOrderType } from '@fotodrop/contract/enums';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { priceGroups } from '../utils/price-groups';

/** A package's offer as the banner and the price table say it ("All photos of this album for {{price}}"). */
export const PACKAGE_TITLES: Record<PackageOrderType, string> = {
  ALL_PHOTOS: 'album.packages.all_photos',
  PHOTOS_AND_VIDEOS: 'album.packages.photos_and_videos',
  VIDEOS: 'album.packages.videos',
};

/**
 * The prices of a gallery as participants see them (the album's "Prices" dialog, the grouped
 * galleries) and as the console's prices page previews them, compact: bundles ("5 photos €29.90", the original price
 * crossed out) or quantity ranges priced each; prices include VAT. Packages on pre-sale (issue 19)
 * follow at their pre-sale price, with the price they will have from the event on; the package
 * banner offers the others.
 */
export function PriceListCard({
  items,
  currency,
  compact = false,
  packages = [],
}: {
  items: readonly PriceListItem[];
  currency: string;
  compact?: boolean;
  packages?: readonly PackageOffer[];
}) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const groups = priceGroups(items, currency);
  if (groups.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, currency, language);
  const presale = packages.flatMap((offer) =>
    offer.prepurchase_price == null ? [] : [{ ...offer, prepurchase_price: offer.prepurchase_price }],
  );
  const amount = (value: string) => money(decimalStringToMinor(value, currency));
  return (
    <section className={`price-card${compact ? ' is-compact' : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={compact ? 'visually-hidden' : undefined}>
        {t('album.prices.title')}
      </h3>
      {groups.map((group) => (
        <ul key={group.mediaType} className="price-list">
          {group.bundles.map((bundle) => {
            const unit = group.mediaType === 'video' ? 'videos' : 'photos';
            const label = bundle.range
              ? t(`album.prices.${unit}_range`, {
                  range: bundle.to === null ? `${bundle.from}+` : `${bundle.from}–${bundle.to}`,
                })
              : t(`album.prices.${unit}`, { count: bundle.from });
            const price = money(bundle.price);
            return (
              <li key={bundle.key}>
                <span className="price-label">{label}</span>
                <span className="price-value">
                  {bundle.price_original !== null && bundle.price_original > bundle.price && (
                    <del>
                      <span className="visually-hidden">{t('album.prices.original')} </span>
                      {money(bundle.price_original)}
                    </del>
                  )}{' '}
                  <strong>{group.perUnit ? t('album.prices.each', { price }) : price}</strong>
                </span>
              </li>
            );
          })}
        </ul>
      ))}
      {presale.length > 0 && (
        <ul className="price-list price-presale">
          {presale.map((offer) => (
            <li key={offer.order_type}>
              <strong>
                {t(PACKAGE_TITLES[offer.order_type], { price: amount(offer.prepurchase_price) })}
              </strong>
              <span className="price-label">
                {t('album.packages.prepurchase', { price: amount(offer.price) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="price-vat">{t('album.prices.vat')}</p>
    </section>
  );
}
