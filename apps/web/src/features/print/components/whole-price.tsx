import './whole-price.css';
import { decimalStringToMinor } from '@fotodrop/contract/rules/currency';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showPrice } from '../lib/print-format';

/**
 * A print product's whole price (issue 17): the product, the photos it needs that the cart buys
 * for it (not bought earlier, not in a package) and the two together, every figure the server's.
 * Without such photos only the product's price shows.
 */
export function WholePrice({
  item,
  price,
  photos,
  photosPrice,
  total,
  currency,
  priceClassName,
}: {
  /** What the first row names: the book, or the product's title. */
  item: string;
  price: string;
  photos: number;
  photosPrice: string;
  total: string;
  currency: string;
  /** The class of the single price shown when there are no photos to buy. */
  priceClassName: string;
}) {
  const { t, language } = useTranslation();
  const money = (amount: string) => showPrice(amount, currency, language);
  if (photos === 0 || decimalStringToMinor(photosPrice, currency) === 0)
    return <p className={priceClassName}>{money(price)}</p>;
  return (
    <dl className="whole-price">
      <div>
        <dt>{item}</dt>
        <dd>{money(price)}</dd>
      </div>
      <div>
        <dt>{t('print.whole.photos', { count: photos })}</dt>
        <dd>+ {money(photosPrice)}</dd>
      </div>
      <div className="whole-price-total">
        <dt>{t('print.whole.total')}</dt>
        <dd>{money(total)}</dd>
      </div>
    </dl>
  );
}
