import { describe, expect, it } from 'vitest';
import {
  mercadoPagoFailureReason,
  PAYMENT_FAILURE_ENGLISH,
  PAYMENT_FAILURE_REASONS,
  paymentFailureReasonOf,
  stripeFailureReason,
} from './payment-failure';

describe('payment failure reasons (issue 17)', () => {
  it("maps Stripe's decline codes before its error codes, and anything unknown to a plain decline", () => {
    expect(stripeFailureReason({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'insufficient_funds',
    );
    expect(stripeFailureReason({ code: 'expired_card' })).toBe('expired_card');
    expect(stripeFailureReason({ code: 'card_declined', decline_code: 'stolen_card' })).toBe('declined');
    expect(stripeFailureReason({ code: 'payment_intent_authentication_failure' })).toBe(
      'authentication_failed',
    );
    expect(stripeFailureReason({ code: 'incomplete_number' })).toBe('incorrect_number');
    expect(stripeFailureReason(null)).toBe('declined');
  });

  it("maps Mercado Pago's status details", () => {
    expect(mercadoPagoFailureReason('cc_rejected_insufficient_amount')).toBe('insufficient_funds');
    expect(mercadoPagoFailureReason('cc_rejected_bad_filled_security_code')).toBe('incorrect_cvc');
    expect(mercadoPagoFailureReason('something_new')).toBe('declined');
  });

  it('reads stored reasons, the English of before, and other text as a reason', () => {
    expect(paymentFailureReasonOf('expired_card')).toBe('expired_card');
    expect(paymentFailureReasonOf('Replaced by a newer order.')).toBe('replaced');
    expect(paymentFailureReasonOf('Some provider sentence.')).toBe('failed');
    expect(paymentFailureReasonOf(null)).toBeNull();
  });

  it('has an English sentence for every reason', () => {
    for (const reason of PAYMENT_FAILURE_REASONS) expect(PAYMENT_FAILURE_ENGLISH[reason]).toBeTruthy();
  });
});
