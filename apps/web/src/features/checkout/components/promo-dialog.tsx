import type { Cart } from '@fotodrop/contract/api/cart';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/text-field';
import { type CheckoutCartQuery, fetchCheckoutCart } from '../api/checkout-api';
import { checkoutKeys } from '../api/checkout-queries';
import { showMoney } from '../lib/money';

/** A plural key: the catalogues hold free_photos_one, _other (and _few, _many… per language). */
const FREE_PHOTOS = 'checkout.promo.free_photos';

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; cart: Cart }
  | { state: 'failed'; error: unknown };

/**
 * The promo code modal (albums spec §2, §5): the code is checked by the server's cart answer
 * (GET /v1/cart/?voucher_code=…): "Invalid promo code", "Promotion already used", or a positive
 * confirmation with what it takes off. An accepted code goes with the order.
 */
export function PromoDialog({
  open,
  query,
  onClose,
  onAccepted,
}: {
  open: boolean;
  /** The checkout's current cart query (the shipping country). */
  query: CheckoutCartQuery;
  onClose: () => void;
  onAccepted: (code: string) => void;
}) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  const close = () => {
    setCode('');
    setCheck({ state: 'idle' });
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entered = code.trim();
    if (!entered || check.state === 'checking') return;
    setCheck({ state: 'checking' });
    const withCode = { ...query, voucher_code: entered };
    try {
      const cart = await queryClient.fetchQuery({
        queryKey: checkoutKeys.cart(withCode),
        queryFn: ({ signal }) => fetchCheckoutCart(withCode, signal),
      });
      setCheck({ state: 'done', cart });
      if (cart.voucher?.status === 'valid') onAccepted(cart.voucher.code || entered);
    } catch (error) {
      setCheck({ state: 'failed', error });
    }
  }

  const voucher = check.state === 'done' ? check.cart.voucher : null;
  const accepted = voucher?.status === 'valid' && check.state === 'done' ? check.cart : null;
  const refusal =
    voucher && voucher.status !== 'valid'
      ? voucher.status === 'used'
        ? 'voucher.used'
        : 'voucher.invalid'
      : undefined;

  const saved = (cart: Cart) => {
    const { currency, discount_total } = cart.totals;
    const parts: string[] = [];
    if (cart.voucher?.free_photos) parts.push(t(FREE_PHOTOS, { count: cart.voucher.free_photos }));
    if (currency && Number(discount_total) > 0)
      parts.push(t('checkout.promo.saves', { amount: showMoney(discount_total, currency, language) }));
    return parts.join(' ');
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('checkout.promo.title')}
      actions={
        accepted ? (
          <Button onClick={close}>{t('checkout.promo.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form="promo-form" loading={check.state === 'checking'}>
              {t('checkout.promo.apply')}
            </Button>
          </>
        )
      }
    >
      {accepted ? (
        <Alert tone="success" title={t('checkout.promo.applied', { code: accepted.voucher?.code ?? code })}>
          {saved(accepted)}
        </Alert>
      ) : (
        <form id="promo-form" onSubmit={submit} noValidate>
          <TextField
            label={t('checkout.promo.code')}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(e) => {
              setCode(e.target.value);
              if (check.state !== 'checking') setCheck({ state: 'idle' });
            }}
            error={refusal}
          />
          {check.state === 'failed' && <Alert tone="error">{translateError(t, check.error)}</Alert>}
        </form>
      )}
    </Dialog>
  );
}
