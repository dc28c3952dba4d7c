import type { PrintCartItem } from '@fotodrop/contract/api/print';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { printItemContents } from '../../print';
import { showMoney } from '../lib/cart-format';

/**
 * One print product of the basket: up to four of its photos, its title, its options when the
 * catalogue names them, how many photos and copies, its price and a remove button.
 */
export function PrintLine({
  item,
  options,
  onRemove,
}: {
  item: PrintCartItem;
  /** The chosen options' names ("13×18 cm", "Matt"); null while unknown. */
  options: readonly string[] | null;
  onRemove: () => void;
}) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const thumbs = item.photos.slice(0, 4);
  return (
    <li className="cart-line">
      <div className="cart-line-thumbs" data-count={thumbs.length}>
        {thumbs.map((photo) => (
          <img key={photo.photo_id} src={photo.thumbnail_url} alt="" loading="lazy" decoding="async" />
        ))}
      </div>
      <div className="cart-line-body">
        <p className="cart-line-album" id={titleId}>
          {item.title}
        </p>
        {options && options.length > 0 && <p className="cart-line-what">{options.join(' · ')}</p>}
        <p className="cart-line-what">{printItemContents(t, item.photos)}</p>
        {item.offered === false && <p className="cart-line-not-offered">{t('cart.print.not_offered')}</p>}
      </div>
      <p className="cart-line-price">
        <strong>{showMoney(item.total_price, item.currency, language)}</strong>
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="cart-line-remove"
        aria-describedby={titleId}
        onClick={onRemove}
      >
        {t('cart.line.remove')}
      </Button>
    </li>
  );
}
