import type { PackageOffer, PriceListItem } from '@fotodrop/contract/api/galleries';
import { PACKAGE_ORDER_TYPES } from '@fotodrop/contract/enums';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PriceListCard } from '../../../shared/ui/price-list-card';

const PACKAGE_TEXT = {
  ALL_PHOTOS: 'album.packages.all_photos',
  PHOTOS_AND_VIDEOS: 'album.packages.photos_and_videos',
  VIDEOS: 'album.packages.videos',
} as const;

/** Minor units of a typed amount, or null while it is not one yet. */
function minorOf(value: string, currency: string): number | null {
  try {
    const minor = decimalStringToMinor(value, currency);
    return minor > 0 ? minor : null;
  } catch {
    return null;
  }
}

/**
 * The live preview: the participant's "Prices" dialog as it shows these entries (the same
 * component, `PriceListCard`, under the dialog's title), and the package banner's offers. A
 * package is offered to an album only while it costs no more than the album's photos by the list
 * (issue 17), so the preview names the packages and says so.
 */
export function PricePreview({
  items,
  packages,
  currency,
}: {
  items: readonly PriceListItem[];
  packages: readonly PackageOffer[];
  currency: string;
}) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const offers = PACKAGE_ORDER_TYPES.flatMap((type) => {
    const offer = packages.find((p) => p.order_type === type);
    const minor = offer ? minorOf(offer.price, currency) : null;
    return minor === null ? [] : [{ type, price: formatMoney(minor, currency, language) }];
  });
  return (
    <section className="price-preview" aria-labelledby={titleId}>
      <h3 id={titleId} className="price-preview-caption">
        {t('organiser.prices.preview')}
      </h3>
      <div className="price-preview-dialog">
        <p className="price-preview-title">{t('album.prices.title')}</p>
        {items.length > 0 ? (
          <PriceListCard items={items} currency={currency} compact />
        ) : (
          <p className="price-none">{t('organiser.prices.preview_empty')}</p>
        )}
      </div>
      {offers.length > 0 && (
        <div className="price-preview-dialog">
          <p className="price-preview-title">{t('album.packages.title')}</p>
          <ul className="price-preview-packages">
            {offers.map((o) => (
              <li key={o.type}>{t(PACKAGE_TEXT[o.type], { price: o.price })}</li>
            ))}
          </ul>
          <p className="field-hint">{t('organiser.prices.packages_offered_when')}</p>
        </div>
      )}
    </section>
  );
}
