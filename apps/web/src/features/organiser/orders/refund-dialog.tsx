import type { OrganiserOrderDetail } from '@fotodrop/contract/api/organiser-orders';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Dialog } from '../../../shared/ui/dialog';
import { LineMedia } from './line-media';
import { cancelPrints, refundOrder } from './orders-api';
import { useSingleFlight } from './use-single-flight';

/**
 * What a refund of `chosen` lines gives back, as the server computes it: each line's refundable
 * amount, and the shipping left with the whole order or the last print lines.
 */
export function refundAmount(order: OrganiserOrderDetail, chosen: Set<number>): number {
  const minor = (v: string) => decimalStringToMinor(v, order.currency);
  const open = order.lines.filter((l) => minor(l.refundable) > 0 || minor(l.refunded) === 0);
  const linesLeft = open.reduce((s, l) => s + minor(l.refundable), 0);
  const shippingLeft = Math.max(0, minor(order.refundable_total) - linesLeft);
  const picked = order.lines.filter((l) => chosen.has(l.id));
  const prints = open.filter((l) => l.kind === 'print');
  const lastPrints = prints.length > 0 && prints.every((l) => chosen.has(l.id));
  const whole = open.every((l) => chosen.has(l.id));
  return picked.reduce((s, l) => s + minor(l.refundable), 0) + (whole || lastPrints ? shippingLeft : 0);
}

function ReasonField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('organiser.orders.reason')}
      </label>
      <textarea
        id={id}
        className="input"
        rows={2}
        maxLength={500}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * Refund by line: the lines not refunded yet to tick (all ticked: the whole order, shipping
 * included), a reason, and a confirmation that states the amount before anything is sent. The
 * button is disabled while the request runs: a double click sends one refund.
 */
export function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: OrganiserOrderDetail;
  onClose: () => void;
  onDone: (next: OrganiserOrderDetail) => void;
}) {
  const { t, language } = useTranslation();
  const open = order.lines.filter((l) => decimalStringToMinor(l.refundable, order.currency) > 0);
  const [chosen, setChosen] = useState(() => new Set(open.map((l) => l.id)));
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const amount = refundAmount(order, chosen);
  const money = formatMoney(amount, order.currency, language);
  const whole = open.every((l) => chosen.has(l.id));
  const refund = useMutation({
    mutationFn: () =>
      refundOrder(order.id, { ...(whole ? {} : { lines: [...chosen] }), reason: reason.trim() }),
    onSuccess: onDone,
  });
  const send = useSingleFlight(refund);
  const ready = chosen.size > 0 && reason.trim() !== '' && amount >= 0;
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
    setConfirming(false);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('organiser.orders.refund_title', { id: order.id })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('organiser.orders.close')}
          </Button>
          {confirming ? (
            <Button variant="danger" loading={refund.isPending} onClick={send}>
              {t('organiser.orders.refund_confirm', { amount: money })}
            </Button>
          ) : (
            <Button disabled={!ready} onClick={() => setConfirming(true)}>
              {t('organiser.orders.refund_next')}
            </Button>
          )}
        </>
      }
    >
      <fieldset className="refund-lines">
        <legend>{t('organiser.orders.refund_lines')}</legend>
        {open.map((l) => (
          <Checkbox
            key={l.id}
            label={
              <>
                {`${l.description} — ${formatMoney(decimalStringToMinor(l.refundable, order.currency), order.currency, language)}`}
                <LineMedia line={l} max={4} inline />
              </>
            }
            checked={chosen.has(l.id)}
            onChange={() => toggle(l.id)}
          />
        ))}
      </fieldset>
      <ReasonField
        value={reason}
        onChange={(v) => {
          setReason(v);
          setConfirming(false);
        }}
      />
      {confirming && (
        <Alert tone="warning">
          {t(whole ? 'organiser.orders.refund_whole_warning' : 'organiser.orders.refund_warning', {
            amount: money,
            email: order.buyer_email,
          })}
        </Alert>
      )}
      {refund.isError && <Alert tone="error">{translateError(t, refund.error)}</Alert>}
    </Dialog>
  );
}

/** A held print order cancelled: its prints (and shipping) refunded, never sent to the lab. */
export function CancelPrintsDialog({
  order,
  onClose,
  onDone,
}: {
  order: OrganiserOrderDetail;
  onClose: () => void;
  onDone: (next: OrganiserOrderDetail) => void;
}) {
  const { t, language } = useTranslation();
  const [reason, setReason] = useState('');
  const prints = new Set(order.lines.filter((l) => l.kind === 'print').map((l) => l.id));
  const money = formatMoney(refundAmount(order, prints), order.currency, language);
  const cancel = useMutation({ mutationFn: () => cancelPrints(order.id, reason.trim()), onSuccess: onDone });
  const send = useSingleFlight(cancel);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('organiser.orders.cancel_prints')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('organiser.orders.close')}
          </Button>
          <Button variant="danger" disabled={reason.trim() === ''} loading={cancel.isPending} onClick={send}>
            {t('organiser.orders.cancel_prints_confirm', { amount: money })}
          </Button>
        </>
      }
    >
      <p>{t('organiser.orders.cancel_prints_text', { amount: money })}</p>
      <ReasonField value={reason} onChange={setReason} />
      {cancel.isError && <Alert tone="error">{translateError(t, cancel.error)}</Alert>}
    </Dialog>
  );
}
