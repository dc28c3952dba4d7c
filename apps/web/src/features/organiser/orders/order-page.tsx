import './orders.css';
import type { OrganiserOrderDetail } from '@fotodrop/contract/api/organiser-orders';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { saveFile } from '../codes/codes-api';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { LineMedia, PrintSpec } from './line-media';
import {
  labPackageZip,
  markOrderPaid,
  orderKeys,
  orderQuery,
  releasePrints,
  resendOrderEmail,
} from './orders-api';
import { OrderStatusText } from './orders-page';
import { CancelPrintsDialog, RefundDialog } from './refund-dialog';
import { useSingleFlight } from './use-single-flight';

/** /organiser/orders/:id: one order with what support and accounting look at, and its actions. */
export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useQuery({ ...orderQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const { organisations } = useCurrentOrganisation();
  // the role in the order's organisation; platform staff reading another's has none here
  const role = organisations.find((o) => o.id === order.data?.organisation_id)?.role;
  return (
    <ConsoleLayout title={t('organiser.orders.order_number', { id })}>
      <Link className="console-back" to={paths.organiserOrders.getHref()}>
        ← {t('organiser.orders.back')}
      </Link>
      {order.isPending ? (
        <PageLoader />
      ) : order.isError ? (
        <Alert tone="error">{translateError(t, order.error)}</Alert>
      ) : (
        <OrderDetail order={order.data} manage={!role || roleMay(role, 'orders.manage')} />
      )}
    </ConsoleLayout>
  );
}

function OrderDetail({ order, manage }: { order: OrganiserOrderDetail; manage: boolean }) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'refund' | 'cancel' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const money = (amount: string) =>
    formatMoney(decimalStringToMinor(amount, order.currency), order.currency, language);
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const done = (message: string) => (next: OrganiserOrderDetail) => {
    queryClient.setQueryData(orderKeys.detail(order.id), next);
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    setNotice(message);
  };
  const markPaid = useMutation({
    mutationFn: () => markOrderPaid(order.id),
    onSuccess: done(t('organiser.orders.marked_paid')),
  });
  const resend = useMutation({
    mutationFn: () => resendOrderEmail(order.id),
    onSuccess: done(t('organiser.orders.resent', { email: order.buyer_email })),
  });
  const release = useMutation({
    mutationFn: () => releasePrints(order.id),
    onSuccess: done(t('organiser.orders.released')),
  });
  const lab = useMutation({
    mutationFn: () => labPackageZip(order.id),
    onSuccess: (blob) => saveFile(blob, `order-${order.id}-lab.zip`),
  });
  const sendMarkPaid = useSingleFlight(markPaid);
  const sendResend = useSingleFlight(resend);
  const sendRelease = useSingleFlight(release);
  const failed = [markPaid, resend, release, lab].find((m) => m.isError)?.error;
  const refundable = decimalStringToMinor(order.refundable_total, order.currency) > 0;
  const held = order.print_hold === 'held';
  // paid prints not held or cancelled: the lab package job is on its way
  const labComing =
    order.has_prints &&
    !order.lab_package &&
    (order.status === 'paid' || order.status === 'partially_refunded') &&
    (order.print_hold === 'none' || order.print_hold === 'released');

  return (
    <div className="order-detail">
      <div className="order-summary">
        <OrderStatusText order={order} />
        <span>{when.format(new Date(order.created_at))}</span>
        <span>{t(`checkout.method.${order.payment_method}`)}</span>
        <strong>{money(order.grand_total)}</strong>
      </div>
      {held && order.print_hold_until && (
        <Alert tone="info">
          {t('organiser.orders.held_until', { date: when.format(new Date(order.print_hold_until)) })}
        </Alert>
      )}
      {labComing && <Alert tone="info">{t('organiser.orders.lab_pending')}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {failed && <Alert tone="error">{translateError(t, failed)}</Alert>}
      <div className="order-actions-bar">
        {manage && refundable && (
          <Button variant="secondary" onClick={() => setDialog('refund')}>
            {t('organiser.orders.refund')}
          </Button>
        )}
        {manage && order.status === 'pending' && order.payment_method === 'bank-transfer' && (
          <Button loading={markPaid.isPending} onClick={sendMarkPaid}>
            {t('organiser.orders.mark_paid')}
          </Button>
        )}
        {manage && held && (
          <>
            <Button loading={release.isPending} onClick={sendRelease}>
              {t('organiser.orders.release')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog('cancel')}>
              {t('organiser.orders.cancel_prints')}
            </Button>
          </>
        )}
        <Button variant="secondary" loading={resend.isPending} onClick={sendResend}>
          {t('organiser.orders.resend')}
        </Button>
        {order.lab_package && (
          <Button variant="secondary" loading={lab.isPending} onClick={() => lab.mutate()}>
            {t('organiser.orders.lab_package')}
          </Button>
        )}
      </div>

      <section aria-labelledby="order-buyer" className="card order-section">
        <h2 id="order-buyer">{t('organiser.orders.buyer')}</h2>
        <p>
          <strong>{order.buyer_name || order.buyer_email}</strong>{' '}
          <a href={`mailto:${encodeURIComponent(order.buyer_email)}`}>{order.buyer_email}</a>
        </p>
        {order.shipping_address && (
          <p className="field-hint">
            {[
              order.shipping_address.street,
              order.shipping_address.number,
              order.shipping_address.zip_code,
              order.shipping_address.city,
              order.shipping_address.country,
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
        )}
      </section>

      <section aria-labelledby="order-lines" className="order-section">
        <h2 id="order-lines">{t('organiser.orders.lines')}</h2>
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{t('organiser.orders.line')}</th>
              <th scope="col">{t('organiser.orders.quantity')}</th>
              <th scope="col">{t('organiser.orders.price')}</th>
              <th scope="col">{t('organiser.orders.discount')}</th>
              <th scope="col">{t('organiser.orders.refunded')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <td>
                  <strong>{l.description}</strong>
                  {l.event && (
                    <div className="field-hint">
                      {l.event.name}
                      {l.picacode ? ` · ${l.picacode}` : ''}
                    </div>
                  )}
                  <PrintSpec line={l} />
                  <LineMedia line={l} />
                </td>
                <td data-label={t('organiser.orders.quantity')}>{l.quantity}</td>
                <td data-label={t('organiser.orders.price')}>{money(l.total)}</td>
                <td data-label={t('organiser.orders.discount')}>{money(l.discount)}</td>
                <td data-label={t('organiser.orders.refunded')}>{money(l.refunded)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="order-totals">
          <Row label={t('organiser.orders.subtotal')} value={money(order.subtotal)} />
          {decimalStringToMinor(order.discount_total, order.currency) > 0 && (
            <Row
              label={[t('organiser.orders.discount'), order.voucher_code, order.campaign_code]
                .filter(Boolean)
                .join(' · ')}
              value={`−${money(order.discount_total)}`}
            />
          )}
          <Row label={t('organiser.orders.shipping')} value={money(order.shipping_costs)} />
          {decimalStringToMinor(order.handling_fee, order.currency) > 0 && (
            <Row label={t('organiser.orders.handling')} value={money(order.handling_fee)} />
          )}
          <Row label={t('organiser.orders.total')} value={money(order.grand_total)} />
          <Row label={t('organiser.orders.refunded')} value={money(order.refunded_total)} />
        </dl>
      </section>

      <section aria-labelledby="order-history" className="order-section">
        <h2 id="order-history">{t('organiser.orders.history')}</h2>
        <ul className="order-history">
          {order.payments.map((p) => (
            <li key={p.provider_ref}>
              {when.format(new Date(p.created_at))} —{' '}
              {t('organiser.orders.payment', { provider: p.provider, status: p.status })} {money(p.amount)}
            </li>
          ))}
          {order.refunds.map((r) => (
            <li key={`refund-${r.id}`}>
              {when.format(new Date(r.created_at))} —{' '}
              {r.failure === 'unconfirmed' ? (
                <>
                  {t('organiser.orders.refund_status.unconfirmed')} · {money(r.amount)} · {r.reason}
                  {r.created_by ? ` · ${r.created_by}` : ''}
                </>
              ) : (
                <>
                  {t(`organiser.orders.refund_status.${r.status}`, { amount: money(r.amount) })} · {r.reason}
                  {r.created_by ? ` · ${r.created_by}` : ''}
                  {r.message ? ` · ${r.message}` : ''}
                </>
              )}
            </li>
          ))}
          {order.fulfilled_at && (
            <li>
              {when.format(new Date(order.fulfilled_at))} — {t('organiser.orders.fulfilled')}
            </li>
          )}
          {order.emails.map((e) => (
            <li key={`${e.kind}-${e.sent_at}`}>
              {when.format(new Date(e.sent_at))} — {t(`organiser.orders.email.${e.kind}`)}
            </li>
          ))}
          {order.zips.map((z) => (
            <li key={`zip-${z.id}`}>
              {when.format(new Date(z.created_at))} — {t('organiser.orders.zip', { status: z.status })}
            </li>
          ))}
          {order.lab_package && (
            <li>
              {when.format(new Date(order.lab_package.created_at))} — {t('organiser.orders.lab_made')}
            </li>
          )}
        </ul>
        <p className="field-hint">{t('organiser.orders.downloads', { count: order.downloads.length })}</p>
      </section>

      {dialog === 'refund' && (
        <RefundDialog
          order={order}
          onClose={() => setDialog(null)}
          onDone={(next) => {
            setDialog(null);
            done(t('organiser.orders.refunded_done'))(next);
          }}
        />
      )}
      {dialog === 'cancel' && (
        <CancelPrintsDialog
          order={order}
          onClose={() => setDialog(null)}
          onDone={(next) => {
            setDialog(null);
            done(t('organiser.orders.prints_cancelled'))(next);
          }}
        />
      )}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
