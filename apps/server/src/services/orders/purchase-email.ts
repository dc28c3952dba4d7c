import type { Order } from '@fotodrop/contract';
import { isLanguage } from '@fotodrop/contract/languages';
import type { MailMessage } from '../../adapters/mail/mailer';
import { renderMail, textsFor } from '../../mail/mail-template';
import type { OrderRow } from '../../repositories/orders.repository';
import { ORDER_MAIL_TEXTS } from './order-mail-texts';
import { receiptBlocks } from './order-receipt';

/** The purchase e-mail: the receipt (issue 17) and links back to the albums it bought from. */
export function purchaseEmail(
  user: { email: string; firstName: string; language: string },
  order: Order,
  row: OrderRow,
): MailMessage {
  const language = isLanguage(user.language) ? user.language : 'en';
  const t = textsFor(ORDER_MAIL_TEXTS, language);
  return renderMail(user.email, t.paidSubject(order.id), [
    { kind: 'paragraph', text: t.greeting(user.firstName || user.email) },
    { kind: 'paragraph', text: t.thanks },
    ...receiptBlocks(t, language, order, row, 'paid'),
    ...order.albums.map((a) => ({
      kind: 'link' as const,
      label: `${t.albums}: ${a.event_name} (${a.picacode})`,
      url: `${row.linkBase}/checkins/${encodeURIComponent(a.picacode)}`,
    })),
    { kind: 'paragraph', text: t.downloads },
  ]);
}
