import type { PrintProduct } from '@fotodrop/contract/api/print';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { photosTaken, showPrice } from '../lib/print-format';
import { cheapestVariant } from '../lib/variants';
import { PrintIcon } from './print-icon';

/**
 * One product of the chooser: picture, title (the link to configure it), description, how many
 * photos it takes and its lowest price. The whole card is the link's click area.
 */
export function ProductCard({
  product,
  checkinId,
}: {
  product: PrintProduct;
  checkinId?: number | undefined;
}) {
  const { t, language } = useTranslation();
  const cheapest = cheapestVariant(product);
  return (
    <li className="print-product">
      <div className="print-product-picture">
        {product.image_url ? (
          <img src={product.image_url} alt="" loading="lazy" decoding="async" />
        ) : (
          <PrintIcon size={40} />
        )}
      </div>
      <div className="print-product-body">
        <h3>
          <Link
            to={paths.printProduct.getHref(product.id, { checkin_id: checkinId })}
            className="print-product-link"
          >
            {product.title}
          </Link>
        </h3>
        {product.description && <p className="print-product-text">{product.description}</p>}
        <p className="print-product-facts">
          <span>{photosTaken(t, product)}</span>
          {cheapest && (
            <strong className="print-product-price">
              {t('print.product.from', { price: showPrice(cheapest.price, product.currency, language) })}
            </strong>
          )}
        </p>
      </div>
    </li>
  );
}
