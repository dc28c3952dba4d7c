/**
 * decision (issue 9): the support address of the payment-error modal and the checkout error page
 * until the help area (issue 11) brings the support form; the subject names the order when known.
 */
export const SUPPORT_EMAIL = 'support@fotodrop.example';

export function supportMailto(subject: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
