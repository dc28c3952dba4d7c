import type { Language, Order } from '@fotodrop/contract';
import { isLanguage } from '@fotodrop/contract/languages';
import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml } from '../../mail/escape-html';

interface Texts {
  subject: (id: number) => string;
  intro: string;
  labels: [beneficiary: string, iban: string, bic: string, reference: string, amount: string];
  after: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (id) => `Fotodrop order ${id}: bank transfer details`,
    intro: 'Your order is received. Please make a bank transfer with these details:',
    labels: ['Beneficiary', 'IBAN', 'BIC', 'Reference', 'Amount'],
    after: 'Your photos unlock as soon as the transfer arrives; we will write to you then.',
  },
  it: {
    subject: (id) => `Ordine Fotodrop ${id}: dati per il bonifico`,
    intro: 'Abbiamo ricevuto il tuo ordine. Effettua un bonifico con questi dati:',
    labels: ['Beneficiario', 'IBAN', 'BIC', 'Causale', 'Importo'],
    after: 'Le tue foto si sbloccano appena arriva il bonifico; te lo scriveremo.',
  },
  es: {
    subject: (id) => `Pedido Fotodrop ${id}: datos de la transferencia`,
    intro: 'Hemos recibido tu pedido. Haz una transferencia bancaria con estos datos:',
    labels: ['Beneficiario', 'IBAN', 'BIC', 'Referencia', 'Importe'],
    after: 'Tus fotos se desbloquean en cuanto llegue la transferencia; te avisaremos.',
  },
  pt: {
    subject: (id) => `Encomenda Fotodrop ${id}: dados da transferência`,
    intro: 'Recebemos a sua encomenda. Faça uma transferência bancária com estes dados:',
    labels: ['Beneficiário', 'IBAN', 'BIC', 'Referência', 'Montante'],
    after: 'As suas fotos são desbloqueadas assim que a transferência chegar; avisaremos.',
  },
  de: {
    subject: (id) => `Fotodrop-Bestellung ${id}: Überweisungsdaten`,
    intro: 'Deine Bestellung ist eingegangen. Bitte überweise mit diesen Angaben:',
    labels: ['Empfänger', 'IBAN', 'BIC', 'Verwendungszweck', 'Betrag'],
    after: 'Deine Fotos werden freigeschaltet, sobald die Überweisung eingeht; wir schreiben dir dann.',
  },
  fr: {
    subject: (id) => `Commande Fotodrop ${id} : coordonnées du virement`,
    intro: 'Votre commande est reçue. Effectuez un virement avec ces coordonnées :',
    labels: ['Bénéficiaire', 'IBAN', 'BIC', 'Référence', 'Montant'],
    after: 'Vos photos seront débloquées dès réception du virement ; nous vous écrirons alors.',
  },
  sl: {
    subject: (id) => `Naročilo Fotodrop ${id}: podatki za nakazilo`,
    intro: 'Vaše naročilo smo prejeli. Plačajte z bančnim nakazilom s temi podatki:',
    labels: ['Prejemnik', 'IBAN', 'BIC', 'Sklic', 'Znesek'],
    after: 'Fotografije se odklenejo, ko prispe nakazilo; takrat vam pišemo.',
  },
  ru: {
    subject: (id) => `Заказ Fotodrop ${id}: реквизиты для перевода`,
    intro: 'Ваш заказ получен. Сделайте банковский перевод по этим реквизитам:',
    labels: ['Получатель', 'IBAN', 'BIC', 'Назначение', 'Сумма'],
    after: 'Фотографии откроются, как только придёт перевод; мы вам напишем.',
  },
  uk: {
    subject: (id) => `Замовлення Fotodrop ${id}: реквізити для переказу`,
    intro: 'Ваше замовлення отримано. Зробіть банківський переказ за цими реквізитами:',
    labels: ['Отримувач', 'IBAN', 'BIC', 'Призначення', 'Сума'],
    after: 'Фото відкриються, щойно надійде переказ; ми вам напишемо.',
  },
  pl: {
    subject: (id) => `Zamówienie Fotodrop ${id}: dane do przelewu`,
    intro: 'Otrzymaliśmy Twoje zamówienie. Zrób przelew bankowy z tymi danymi:',
    labels: ['Odbiorca', 'IBAN', 'BIC', 'Tytuł przelewu', 'Kwota'],
    after: 'Zdjęcia zostaną odblokowane, gdy przelew dotrze; napiszemy wtedy do Ciebie.',
  },
};

/** The transfer instructions of a pending bank-transfer order, as the success page shows them. */
export function bankTransferEmail(
  user: { email: string; language: string },
  order: Order,
  linkBase: string,
): MailMessage {
  const t = texts[isLanguage(user.language) ? user.language : 'en'];
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
  const rows = t.labels.map((label, i) => [label, values[i] ?? ''] as const);
  const link = `${linkBase}/checkout/success?order=${order.id}`;
  return {
    to: user.email,
    subject: t.subject(order.id),
    text: [t.intro, '', ...rows.map(([l, v]) => `${l}: ${v}`), '', t.after, link].join('\n'),
    html: `<p>${escapeHtml(t.intro)}</p><table>${rows
      .map(([l, v]) => `<tr><th align="left">${escapeHtml(l)}</th><td>${escapeHtml(v)}</td></tr>`)
      .join(
        '',
      )}</table><p>${escapeHtml(t.after)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
