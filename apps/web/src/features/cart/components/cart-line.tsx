import type { cartItemTotalSchema, DigitalItem } from '@fotodrop/contract/api/cart';
import { useId } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { LineIcon } from '../../../shared/ui/line-icon';
import { lineDescription, showMoney } from '../lib/cart-format';

export type ItemTotal = z.infer<typeof cartItemTotalSchema>;

const PACKAGE_ICON = 'M4 6h16v12H4zM4 15l4.5-4.5 3.5 3.5 2.5-2.5L20 17M15.5 9.5h.01';

/**
 * One digital line of the basket: up to four thumbnails, the album (a link to it), what the line
 * buys, its price (the undiscounted one crossed out) and a remove button.
 */
export function CartLine({
  item,
  total,
  currency,
  onRemove,
}: {
  item: DigitalItem;
  total: ItemTotal | undefined;
  currency: string | null;
  onRemove: () => void;
}) {
  const { t, language } = useTranslation();
  const whatId = useId();
  const what = lineDescription(t, item);
  const thumbs = item.medias.slice(0, 4);
  return (
    <li className="cart-line">
      <div className="cart-line-thumbs" data-count={thumbs.length}>
        {thumbs.length === 0 ? (
          <span className="cart-line-thumbs-empty">
            <LineIcon d={PACKAGE_ICON} size={28} />
          </span>
        ) : (
          thumbs.map((media) => (
            <img key={media.id} src={media.thumbnail_url} alt="" loading="lazy" decoding="async" />
          ))
        )}
      </div>
      <div className="cart-line-body">
        <p className="cart-line-album">
          <Link to={paths.checkin.getHref(item.picacode)}>{item.event_name || item.picacode}</Link>
          <span className="cart-line-code">
            <span className="visually-hidden">{t('cart.line.code')} </span>
            {item.picacode}
          </span>
        </p>
        <p className="cart-line-what" id={whatId}>
          {what}
        </p>
      </div>
      <p className="cart-line-price">
        {total && currency ? (
          <>
            {total.total_original !== null && (
              <del>
                <span className="visually-hidden">{t('album.prices.original')} </span>
                {showMoney(total.total_original, currency, language)}
              </del>
            )}{' '}
            <strong>{showMoney(total.total, currency, language)}</strong>
          </>
        ) : null}
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="cart-line-remove"
        aria-describedby={whatId}
        onClick={onRemove}
      >
        {t('cart.line.remove')}
      </Button>
    </li>
  );
}
