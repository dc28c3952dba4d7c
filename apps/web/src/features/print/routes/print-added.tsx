import './print.css';
import type { PrintCartItem } from '@fotodrop/contract/api/print';
import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ButtonLink } from '../../../shared/ui/button';
import { LineIcon } from '../../../shared/ui/line-icon';
import { Spinner } from '../../../shared/ui/spinner';
import { useFullCart } from '../../cart';
import { usePrintOptionNames } from '../api/print-queries';
import { WholePrice } from '../components/whole-price';
import { printItemContents } from '../lib/print-format';

const DONE = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.5l2.8 2.8L16.5 9.5';

/**
 * /print/added?item=… — the configuration finished page (albums spec §2): the item now in the
 * basket, then on to checkout or to another product. The item is read back from the cart, so
 * the page also holds after a reload.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('print.added.title'));
  const itemId = Number(useSearchParams()[0].get('item'));
  const cart = useFullCart();
  const item = cart.data?.print_items.find((line) => line.id === itemId);

  return (
    <div className="page container print-page">
      <section className="print-added" aria-labelledby="print-added-title">
        <span className="print-added-icon">
          <LineIcon d={DONE} size={40} />
        </span>
        <h1 id="print-added-title">{t('print.added.title')}</h1>
        {cart.isPending ? <Spinner label={t('cart.loading')} /> : item ? <AddedItem item={item} /> : null}
        <div className="print-added-actions">
          <ButtonLink to={paths.checkout.getHref()} size="lg">
            {t('print.added.checkout')}
          </ButtonLink>
          <ButtonLink to={paths.print.getHref()} variant="secondary" size="lg">
            {t('print.added.another')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

function AddedItem({ item }: { item: PrintCartItem }) {
  const { t } = useTranslation();
  const names = usePrintOptionNames()(item.product_id, item.variant_option_ids);
  return (
    <div className="print-added-item">
      <div className="print-added-thumbs">
        {item.photos.slice(0, 4).map((photo) => (
          <img key={photo.photo_id} src={photo.thumbnail_url} alt="" loading="lazy" decoding="async" />
        ))}
      </div>
      <div>
        <p className="print-added-name">{item.title}</p>
        {names && names.length > 0 && <p className="print-added-options">{names.join(' · ')}</p>}
        <p className="print-added-options">{printItemContents(t, item.photos)}</p>
        <WholePrice
          item={item.title}
          price={item.total_price}
          photos={item.photos_to_buy}
          photosPrice={item.photos_price}
          total={item.total_with_photos}
          currency={item.currency}
          priceClassName="print-added-price"
        />
      </div>
    </div>
  );
}
