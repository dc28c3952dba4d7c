import type { Order } from '@fotodrop/contract/api/orders';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { accountKeys, cancelOrder } from '../api/orders-api';

/** An order's state as a participant reads it; a pending order waits for its bank transfer. */
function statusLabel(t: TFunction, order: Order): string {
  if (order.status === 'pending' && order.payment_method === 'bank-transfer')
    return t('orders.status.pending_transfer');
  return t(`orders.status.${order.status}`);
}

const STATUS_TONE: Record<Order['status'], string> = {
  paid: 'is-paid',
  pending: 'is-waiting',
  awaiting_payment: 'is-waiting',
  processing: 'is-waiting',
  failed: 'is-failed',
  cancelled: 'is-failed',
  partially_refunded: 'is-paid',
  refunded: 'is-failed',
};

/**
 * Cancel on an order still waiting for its payment (issue 17): an abandoned bank step no longer
 * blocks the next order until it expires. The server cancels the payment at the provider too.
 */
function CancelOrder({ order, onCancelled }: { order: Order; onCancelled: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSuccess: () => {
      onCancelled(order.id);
      void queryClient.invalidateQueries({ queryKey: accountKeys.orders });
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
    },
    // a refusal means its state changed (paid meanwhile): show the list as it is now
    onError: () => void queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
  return (
    <div className="order-actions">
      {cancel.isError && <Alert tone="error">{translateError(t, cancel.error)}</Alert>}
      <Button variant="secondary" size="sm" loading={cancel.isPending} onClick={() => cancel.mutate()}>
        {t('orders.cancel')}
      </Button>
    </div>
  );
}

/**
 * One order of "My orders": number, date and status; its lines and totals; the albums it bought
 * from, each a link back to the album, where the bought photos download.
 */
export function OrderCard({
  order,
  onCancelled = () => {},
}: {
  order: Order;
  /** Told when the owner cancelled this order (the list then announces it). */
  onCancelled?: (id: number) => void;
}) {
  const { t, language } = useTranslation();
  const money = (amount: string) =>
    formatMoney(decimalStringToMinor(amount, order.currency_name), order.currency_name, language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(order.paid_at ?? order.created_at),
  );
  const titleId = `order-${order.id}-title`;
  const extras = [
    { key: 'shipping', amount: order.shipping_costs },
    { key: 'handling_fee', amount: order.handling_fee },
  ].filter((row) => decimalStringToMinor(row.amount, order.currency_name) !== 0);
  const discount = decimalStringToMinor(order.discount_total, order.currency_name);
  const paid = order.status === 'paid';

  return (
    <article className="order-card card" aria-labelledby={titleId} tabIndex={-1}>
      <header className="order-card-head">
        <div>
          <h2 id={titleId} className="order-card-title">
            {t('orders.number', { id: order.id })}
          </h2>
          <p className="order-card-date">
            <time dateTime={order.paid_at ?? order.created_at}>{date}</time>
          </p>
        </div>
        <span className={`order-status ${STATUS_TONE[order.status]}`}>{statusLabel(t, order)}</span>
      </header>

      {order.thumbnails.length > 0 && (
        // signed by the server: watermarked until the order is paid, as in the album
        <ul className="order-thumbs" aria-label={t('orders.photos')}>
          {order.thumbnails.map((thumb) => (
            <li key={thumb.media_id}>
              <img src={thumb.url} alt="" width={64} height={64} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      )}

      <ul className="order-lines" aria-label={t('orders.lines')}>
        {order.lines.map((line, index) => (
          // lines have no id of their own; their order within the order is fixed
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <span>
              {line.description}
              {/* a digital line's quantity is its photo count, already in its description */}
              {line.kind === 'print' && line.quantity > 1 && (
                <span className="order-line-qty"> × {line.quantity}</span>
              )}
            </span>
            <span className="order-amount">{money(line.total)}</span>
          </li>
        ))}
      </ul>

      <dl className="order-totals">
        {extras.map((row) => (
          <div key={row.key}>
            <dt>{t(`orders.totals.${row.key}`)}</dt>
            <dd className="order-amount">{money(row.amount)}</dd>
          </div>
        ))}
        {/* shown as a deduction whichever sign the server gives it */}
        {discount !== 0 && (
          <div>
            <dt>{t('orders.totals.discount')}</dt>
            <dd className="order-amount">−{money(order.discount_total.replace(/^-/, ''))}</dd>
          </div>
        )}
        <div className="order-total">
          <dt>{t('orders.totals.total')}</dt>
          <dd className="order-amount">{money(order.grand_total)}</dd>
        </div>
      </dl>

      {/* our reason in the user's language, never the provider's words (issue 17) */}
      {order.status === 'failed' && order.failure_reason && (
        <p className="order-note">{t(`checkout.decline.${order.failure_reason}`)}</p>
      )}
      {order.status === 'pending' && order.bank_transfer && (
        <p className="order-note">
          {t('orders.transfer_note', {
            amount: money(order.bank_transfer.amount),
            iban: order.bank_transfer.iban,
            reference: order.bank_transfer.reference,
          })}
        </p>
      )}

      {(order.status === 'awaiting_payment' || order.status === 'processing') && (
        <CancelOrder order={order} onCancelled={onCancelled} />
      )}

      {order.albums.length > 0 && (
        <div className="order-albums">
          <h3>{paid ? t('orders.albums_paid') : t('orders.albums')}</h3>
          <ul>
            {order.albums.map((album) => (
              <li key={album.checkin_id}>
                <Link to={paths.checkin.getHref(album.picacode)}>{album.event_name}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
