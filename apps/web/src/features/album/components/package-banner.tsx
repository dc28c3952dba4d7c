import type { PackageOffer, PriceListItem } from '@fotodrop/contract/api/galleries';
import type { PackageOrderType } from '@fotodrop/contract/constants';
import { packageIsBetterBuy } from '@fotodrop/contract/rules/cart-pricing';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { PACKAGE_TITLES } from '../../../shared/ui/price-list-card';
import { Toast } from '../../../shared/ui/toast';
import { useCreateDigitalItem } from '../../cart';
import { useAlbumCart } from './album-cart';
import { useCartFeedback } from './cart-feedback';

/**
 * The package banner (albums spec §4): each whole-album package on offer with its price and an
 * "Add" button, "Added" with a link to the cart once it is there. When the album's picks are so
 * many that one more photo would cost at least the package, the photo package is suggested.
 * decision: the suggestion compares the picks' media count with the photo prices of this list.
 * Before the event (issue 19) a package on pre-sale shows its pre-sale price, which the cart
 * charges, and the price it will have from the event on.
 */
export function PackageBanner({
  packages,
  items,
  currency,
}: {
  packages: readonly PackageOffer[];
  items: readonly PriceListItem[];
  currency: string;
}) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const value = useAlbumCart();
  const create = useCreateDigitalItem();
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);
  const say = useCallback((text: string) => setToast({ text, id: Date.now() }), []);
  const feedback = useCartFeedback(say);
  if (!value?.sellsNow || packages.length === 0) return null;

  const minor = (amount: string) => decimalStringToMinor(amount, currency);
  const money = (amount: string) => formatMoney(minor(amount), currency, language);
  const { cart } = value;
  const photoPackage = packages.find((offer) => offer.order_type === 'ALL_PHOTOS');
  const suggested =
    photoPackage !== undefined &&
    !cart.packages.has('ALL_PHOTOS') &&
    cart.pickedCount > 0 &&
    packageIsBetterBuy(
      items.filter((item) => item.media_type === 'photo'),
      cart.pickedCount,
      minor(photoPackage.prepurchase_price ?? photoPackage.price),
      currency,
    );
  const add = (type: PackageOrderType) =>
    create.mutate(
      { checkin_id: value.checkin.id, gallery_id: null, order_type: type, media_ids: [] },
      { onError: feedback.onError },
    );

  return (
    <section className={`package-banner${suggested ? ' is-suggested' : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('album.packages.title')}</h3>
      {suggested && photoPackage && (
        <p className="package-suggestion">
          {t('album.packages.suggestion', {
            price: money(photoPackage.prepurchase_price ?? photoPackage.price),
          })}
        </p>
      )}
      <ul className="package-list">
        {packages.map((offer) => {
          const added = cart.packages.has(offer.order_type);
          const adding = create.isPending && create.variables?.order_type === offer.order_type;
          const offerId = `${titleId}-${offer.order_type}`;
          const charged = offer.prepurchase_price ?? offer.price;
          return (
            <li key={offer.order_type} className={added ? 'is-added' : undefined}>
              <p className="package-offer" id={offerId}>
                {t(PACKAGE_TITLES[offer.order_type], { price: money(charged) })}
                {offer.price_original !== null && minor(offer.price_original) > minor(charged) && (
                  <>
                    {' '}
                    <del>
                      <span className="visually-hidden">{t('album.prices.original')} </span>
                      {money(offer.price_original)}
                    </del>
                  </>
                )}
              </p>
              {offer.prepurchase_price != null && (
                <p className="package-presale">
                  {t('album.packages.prepurchase', { price: money(offer.price) })}
                </p>
              )}
              {added ? (
                <p className="package-added">
                  <span>{t('album.packages.added')}</span>{' '}
                  <Link to={paths.checkout.getHref()}>{t('album.packages.to_cart')}</Link>
                </p>
              ) : (
                <Button
                  size="sm"
                  variant={suggested && offer === photoPackage ? 'primary' : 'secondary'}
                  loading={adding}
                  disabled={create.isPending}
                  aria-describedby={offerId}
                  onClick={() => add(offer.order_type)}
                >
                  {t('album.packages.add')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {/* a pre-sale offer says so itself */}
      {packages.some((offer) => offer.prepurchase_price == null) && (
        <p className="package-note">{t('album.packages.later')}</p>
      )}
      {feedback.dialog}
      <Toast key={toast?.id} message={toast?.text ?? null} onDone={() => setToast(null)} />
    </section>
  );
}
