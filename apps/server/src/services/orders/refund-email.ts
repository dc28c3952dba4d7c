import { isLanguage } from '@fotodrop/contract/languages';
import { minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { MailMessage } from '../../adapters/mail/mailer';
import { renderMail, textsFor } from '../../mail/mail-template';
import { ORDER_MAIL_TEXTS } from './order-mail-texts';

/**
 * The buyer's e-mail about a refund (issue 19): which lines and how much came back, why, and that
 * refunded photos no longer download. In the buyer's language, from the order e-mails' table.
 */
export function refundEmail(
  user: { email: string; firstName: string; language: string },
  refund: {
    orderId: number;
    whole: boolean;
    currency: string;
    amount: number;
    reason: string;
    lines: { description: string; amount: number }[];
    shipping: number;
  },
): MailMessage {
  const language = isLanguage(user.language) ? user.language : 'en';
  const t = textsFor(ORDER_MAIL_TEXTS, language);
  const money = (minor: number) => `${minorToDecimalString(minor, refund.currency)} ${refund.currency}`;
  return renderMail(user.email, t.refundSubject(refund.orderId), [
    { kind: 'paragraph', text: t.greeting(user.firstName || user.email) },
    { kind: 'paragraph', text: refund.whole ? t.refundWhole : t.refundPartial },
    {
      kind: 'rows',
      rows: [
        ...refund.lines.map((l) => ({ label: l.description, value: money(l.amount) })),
        ...(refund.shipping > 0 ? [{ label: t.shipping, value: money(refund.shipping) }] : []),
        { label: t.refunded, value: money(refund.amount), total: true },
      ],
    },
    { kind: 'paragraph', text: `${t.refundReason}: ${refund.reason}` },
    { kind: 'paragraph', text: t.refundAfter },
  ]);
}
