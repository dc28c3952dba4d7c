import { formatMoney } from '@fotodrop/contract/rules/currency';
import { useId } from 'react';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ButtonLink } from '../../../shared/ui/button';
import { LineIcon } from '../../../shared/ui/line-icon';
import { lowestPrice, PhotobookOfferLink, usePrintProducts } from '../../print';
import { useAlbumCart } from './album-cart';
import { useFirstPhotosShown } from './first-photos';

const PRINTS = 'M7 4h13v13H7zM4 7v13h13M9.5 14l3-3 2 2 2.5-2.5L20 13';

/**
 * The print upsell banner (albums spec §2, album detail): prints, canvas and photobook from the
 * catalogue's lowest price, leading to the print chooser. Only where the album sells (the cart
 * buttons' gating) and the catalogue has a priced product in the album's currency; the catalogue
 * is fetched only then.
 */
export function PrintUpsell() {
  const { t, language } = useTranslation();
  const titleId = useId();
  const value = useAlbumCart();
  const sellsNow = value?.sellsNow ?? false;
  const shown = useFirstPhotosShown();
  // the album's organisation's offer (issue 19): its products, at its prices
  const products = usePrintProducts({ enabled: sellsNow && shown, checkinId: value?.checkin.id });
  if (!value || !sellsNow || !products.data) return null;
  const lowest = lowestPrice(products.data, value.checkin.currency);
  if (!lowest) return null;

  return (
    <section className="print-upsell" aria-labelledby={titleId}>
      <span className="print-upsell-icon">
        <LineIcon d={PRINTS} size={26} strokeWidth={1.7} />
      </span>
      <div className="print-upsell-text">
        <h3 id={titleId}>{t('album.print_upsell.title')}</h3>
        <p>{t('album.print_upsell.text', { price: formatMoney(lowest.minor, lowest.currency, language) })}</p>
        <PhotobookOfferLink checkinId={value.checkin.id} />
      </div>
      <ButtonLink
        to={paths.print.getHref({ checkin_id: value.checkin.id })}
        variant="secondary"
        size="sm"
        aria-describedby={titleId}
      >
        {t('album.print_upsell.action')}
      </ButtonLink>
    </section>
  );
}
