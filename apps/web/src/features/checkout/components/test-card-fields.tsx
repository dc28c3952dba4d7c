import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Checkbox } from '../../../shared/ui/checkbox';
import { TextField } from '../../../shared/ui/text-field';
import type { CheckoutValues } from '../lib/checkout-form';

/**
 * The built-in test provider's card form (test mode without Stripe keys): number, expiry and CVC
 * as a real card form asks them; only the number is sent, to the test provider. The test cards
 * are listed so a tester knows what to type.
 */
export function TestCardFields({ canSave }: { canSave: boolean }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<CheckoutValues>();
  const { errors } = formState;
  return (
    <div className="test-card">
      <TextField
        label={t('checkout.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.card_number?.message}
        {...register('card_number')}
      />
      <div className="field-row">
        <TextField
          label={t('checkout.card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('checkout.card.expiry_placeholder')}
          error={errors.card_expiry?.message}
          {...register('card_expiry')}
        />
        <TextField
          label={t('checkout.card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.card_cvc?.message}
          {...register('card_cvc')}
        />
      </div>
      {canSave && <Checkbox label={t('checkout.card.save')} {...register('save_card')} />}
      <p className="field-hint">{t('checkout.card.test_cards')}</p>
    </div>
  );
}
