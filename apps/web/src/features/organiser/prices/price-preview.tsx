import type { PackageOffer, PriceListItem } from '@fotodrop/contract/api/galleries';
import { PACKAGE_ORDER_TYPES } from '@fotodrop/contract/enums';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PACKAGE_TITLES, PriceListCard } from '../../../shared/ui/price-list-card';

/** Minor units of a typed amount (`free`: zero too), or null while it is not one yet. */
function minorOf(value: string, currency: string, free = false): number | null {
  try {
    const minor = decimalStringToMinor(value, currency);
    return minor > 0 || (free && minor === 0) ? minor : null;
  } catch {
    return null;
  }
}

/**
 * The live preview: the participant's "Prices" dialog as it shows these entries (the same
 * component, `PriceListCard`, under the dialog's title), and the package banner's offers. A
 * package is offered to an album only while it costs no more than the album's photos by the list
 * (issue 17), so the preview names the packages and says so. A package with a pre-sale price shows
 * it as participants see it before the event: at that price, with the price from the event on.
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
    if (!offer || minor === null) return [];
    const early = offer.prepurchase_price == null ? null : minorOf(offer.prepurchase_price, currency, true);
    const money = (amount: number) => formatMoney(amount, currency, language);
    const presale = early !== null && early < minor ? money(early) : null;
    return [{ type, price: money(minor), presale }];
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
              <li key={o.type}>
                {t(PACKAGE_TITLES[o.type], { price: o.presale ?? o.price })}
                {o.presale !== null && (
                  <span className="price-preview-presale">
                    {t('album.packages.prepurchase', { price: o.price })}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p className="field-hint">{t('organiser.prices.packages_offered_when')}</p>
        </div>
      )}
    </section>
  );
}
