import type { Order } from '@fotodrop/contract';
import { isLanguage } from '@fotodrop/contract/languages';
import type { MailMessage } from '../../adapters/mail/mailer';
import { renderMail, textsFor } from '../../mail/mail-template';
import type { OrderRow } from '../../repositories/orders.repository';
import { ORDER_MAIL_TEXTS } from './order-mail-texts';
import { receiptBlocks } from './order-receipt';

/**
 * The transfer instructions of a pending bank-transfer order, as the success page shows them, and
 * the receipt of what the transfer pays (issue 17).
 */
export function bankTransferEmail(
  user: { email: string; language: string },
  order: Order,
  row: OrderRow,
): MailMessage {
  const language = isLanguage(user.language) ? user.language : 'en';
  const t = textsFor(ORDER_MAIL_TEXTS, language);
  const transfer = order.bank_transfer;
  const values = transfer
    ? [
        transfer.beneficiary,
        transfer.iban,
        transfer.bic,
        transfer.reference,
        `${transfer.amount} ${order.currency_name}`,
      ]
    : [];
  const link = `${row.linkBase}/checkout/success?order=${order.id}`;
  return renderMail(user.email, t.transferSubject(order.id), [
    { kind: 'paragraph', text: t.transferIntro },
    { kind: 'rows', rows: t.transferLabels.map((label, i) => ({ label, value: values[i] ?? '' })) },
    ...receiptBlocks(t, language, order, row, 'due'),
    { kind: 'paragraph', text: t.transferAfter },
    { kind: 'link', label: link, url: link },
  ]);
}
