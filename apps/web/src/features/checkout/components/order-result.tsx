import type { Order } from '@fotodrop/contract/api/orders';
import type { PaymentFailureReason } from '@fotodrop/contract/rules/payment-failure';
import { useId } from 'react';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ButtonLink } from '../../../shared/ui/button';
import { LineIcon } from '../../../shared/ui/line-icon';
import { showMoney } from '../lib/money';
import { supportMailto } from '../lib/support';

const CHECK_ICON = 'M5 12.5l4.5 4.5L19 7.5';
const CLOCK_ICON = 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z';
const CROSS_ICON = 'M7 7l10 10M17 7 7 17';

/** The order's lines and figures as the server priced them. */
function OrderFigures({ order }: { order: Order }) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const money = (amount: string) => showMoney(amount, order.currency_name, language);
  const rows: [string, string][] = [
    ...(Number(order.shipping_costs) > 0
      ? [[t('checkout.summary.shipping'), money(order.shipping_costs)]]
      : []),
    ...(Number(order.handling_fee) > 0
      ? [[t('checkout.summary.handling_fee'), money(order.handling_fee)]]
      : []),
    ...(Number(order.discount_total) > 0
      ? [[t('cart.summary.discount'), `−${money(order.discount_total)}`]]
      : []),
  ] as [string, string][];
  return (
    <section className="order-figures" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('checkout.success.summary', { id: order.id })}</h2>
      <ul className="order-lines">
        {order.lines.map((line, i) => (
          // lines have no id of their own; their order is the server's
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of one order
          <li key={i}>
            <span>
              {line.description}
              {/* a digital line's description counts its photos already; prints say how many copies */}
              {line.kind === 'print' && line.quantity > 1 && (
                <span className="order-line-qty"> × {line.quantity}</span>
              )}
            </span>
            <span>{money(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="cart-summary-total">
          <dt>{t('cart.summary.total')}</dt>
          <dd>{money(order.grand_total)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Where to transfer a pending bank-transfer order's amount (issue 9). */
function TransferInstructions({ order, message }: { order: Order; message: string | undefined }) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const transfer = order.bank_transfer;
  if (!transfer) return null;
  // the codes to copy are set in a fixed-width font; the beneficiary's name is not a code
  const rows: [label: string, value: string, code: boolean][] = [
    [t('checkout.transfer.beneficiary'), transfer.beneficiary, false],
    [t('checkout.transfer.iban'), transfer.iban, true],
    [t('checkout.transfer.bic'), transfer.bic, true],
    [t('checkout.transfer.reference'), transfer.reference, true],
    [t('checkout.transfer.amount'), showMoney(transfer.amount, order.currency_name, language), false],
  ];
  return (
    <section className="transfer" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('checkout.transfer.title')}</h2>
      <p>{t('checkout.transfer.text')}</p>
      <dl>
        {rows.map(([label, value, code]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={code ? 'transfer-code' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {message && <p className="transfer-message">{message}</p>}
    </section>
  );
}

function AlbumLinks({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <div className="order-actions">
      {order.albums.map((album) => (
        <ButtonLink key={album.checkin_id} to={paths.checkin.getHref(album.picacode)}>
          {t('checkout.success.to_album', { album: album.event_name || album.picacode })}
        </ButtonLink>
      ))}
      <ButtonLink to={paths.checkins.getHref()} variant={order.albums.length > 0 ? 'secondary' : 'primary'}>
        {t('cart.empty.to_albums')}
      </ButtonLink>
    </div>
  );
}

/**
 * What became of an order (albums spec §2 "Checkout success"): paid, pending until a bank
 * transfer arrives (the pending title and the transfer instructions), or still being processed.
 * A failed order shows the checkout error page instead.
 */
export function OrderResult({
  order,
  transferMessage,
}: {
  order: Order;
  transferMessage?: string | undefined;
}) {
  const { t } = useTranslation();
  if (order.status === 'failed') return <CheckoutFailure reason={order.failure_reason} orderId={order.id} />;
  const pending = order.status === 'pending';
  const paid = order.status === 'paid';
  const kind = paid ? 'paid' : pending ? 'pending' : 'processing';
  return (
    <div className="order-result" data-status={order.status}>
      <div className={`order-result-head order-result-${kind}`}>
        <LineIcon d={paid ? CHECK_ICON : CLOCK_ICON} />
        <div>
          <h1>{t(`checkout.success.${kind}_title`)}</h1>
          <p>{t(`checkout.success.${kind}_text`)}</p>
        </div>
      </div>
      {pending && <TransferInstructions order={order} message={transferMessage} />}
      <OrderFigures order={order} />
      <AlbumLinks order={order} />
    </div>
  );
}

/** The checkout error page (albums spec §8): payment failed, something went wrong. */
export function CheckoutFailure({
  reason,
  orderId,
}: {
  /** Why, as our reason (issue 17: said in the user's language, never the provider's words). */
  reason: PaymentFailureReason | null;
  orderId?: number;
}) {
  const { t } = useTranslation();
  const subject =
    orderId === undefined
      ? t('checkout.error_modal.subject')
      : t('checkout.failure.subject', { id: orderId });
  return (
    <div className="order-result" data-status="failed">
      <div className="order-result-head order-result-failed">
        <LineIcon d={CROSS_ICON} />
        <div>
          <h1>{t('checkout.failure.title')}</h1>
          <p>{t('checkout.failure.text')}</p>
        </div>
      </div>
      {reason && <p className="order-failure-message">{t(`checkout.decline.${reason}`)}</p>}
      <div className="order-actions">
        <ButtonLink to={paths.checkout.getHref()}>{t('checkout.failure.retry')}</ButtonLink>
        <a className="btn btn-secondary" href={supportMailto(subject)}>
          {t('checkout.error_modal.support')}
        </a>
      </div>
    </div>
  );
}
