import type { Language, Order } from '@fotodrop/contract';
import { isLanguage } from '@fotodrop/contract/languages';
import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml } from '../../mail/escape-html';

interface Texts {
  subject: (id: number) => string;
  greeting: (name: string) => string;
  thanks: string;
  total: string;
  albums: string;
  downloads: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (id) => `Your Fotodrop order ${id}`,
    greeting: (n) => `Hello ${n},`,
    thanks: 'Thank you for your purchase. Your photos are unlocked.',
    total: 'Total paid',
    albums: 'Open your album',
    downloads: 'In the album you can download each photo, or the whole album as a zip sent by e-mail.',
  },
  it: {
    subject: (id) => `Il tuo ordine Fotodrop ${id}`,
    greeting: (n) => `Ciao ${n},`,
    thanks: 'Grazie per il tuo acquisto. Le tue foto sono sbloccate.',
    total: 'Totale pagato',
    albums: 'Apri il tuo album',
    downloads: "Nell'album puoi scaricare ogni foto, o l'intero album come zip inviato per e-mail.",
  },
  es: {
    subject: (id) => `Tu pedido de Fotodrop ${id}`,
    greeting: (n) => `Hola ${n}:`,
    thanks: 'Gracias por tu compra. Tus fotos están desbloqueadas.',
    total: 'Total pagado',
    albums: 'Abre tu álbum',
    downloads: 'En el álbum puedes descargar cada foto, o el álbum completo como zip enviado por correo.',
  },
  pt: {
    subject: (id) => `A sua encomenda Fotodrop ${id}`,
    greeting: (n) => `Olá ${n},`,
    thanks: 'Obrigado pela sua compra. As suas fotos estão desbloqueadas.',
    total: 'Total pago',
    albums: 'Abrir o seu álbum',
    downloads: 'No álbum pode descarregar cada foto, ou o álbum inteiro como zip enviado por e-mail.',
  },
  de: {
    subject: (id) => `Deine Fotodrop-Bestellung ${id}`,
    greeting: (n) => `Hallo ${n},`,
    thanks: 'Danke für deinen Kauf. Deine Fotos sind freigeschaltet.',
    total: 'Bezahlt',
    albums: 'Album öffnen',
    downloads:
      'Im Album kannst du jedes Foto herunterladen oder das ganze Album als ZIP per E-Mail erhalten.',
  },
  fr: {
    subject: (id) => `Votre commande Fotodrop ${id}`,
    greeting: (n) => `Bonjour ${n},`,
    thanks: 'Merci pour votre achat. Vos photos sont débloquées.',
    total: 'Total payé',
    albums: 'Ouvrir votre album',
    downloads:
      "Dans l'album, vous pouvez télécharger chaque photo, ou tout l'album en zip envoyé par e-mail.",
  },
  sl: {
    subject: (id) => `Vaše naročilo Fotodrop ${id}`,
    greeting: (n) => `Pozdravljeni, ${n},`,
    thanks: 'Hvala za nakup. Vaše fotografije so odklenjene.',
    total: 'Skupaj plačano',
    albums: 'Odprite svoj album',
    downloads: 'V albumu lahko prenesete vsako fotografijo ali celoten album kot zip, poslan po e-pošti.',
  },
  ru: {
    subject: (id) => `Ваш заказ Fotodrop ${id}`,
    greeting: (n) => `Здравствуйте, ${n}!`,
    thanks: 'Спасибо за покупку. Ваши фотографии разблокированы.',
    total: 'Оплачено',
    albums: 'Открыть альбом',
    downloads: 'В альбоме можно скачать каждое фото или весь альбом архивом zip, ссылка придёт по e-mail.',
  },
  uk: {
    subject: (id) => `Ваше замовлення Fotodrop ${id}`,
    greeting: (n) => `Вітаємо, ${n}!`,
    thanks: 'Дякуємо за покупку. Ваші фото розблоковано.',
    total: 'Сплачено',
    albums: 'Відкрити альбом',
    downloads:
      'В альбомі можна завантажити кожне фото або весь альбом архівом zip, посилання надійде e-mail.',
  },
  pl: {
    subject: (id) => `Twoje zamówienie Fotodrop ${id}`,
    greeting: (n) => `Cześć ${n},`,
    thanks: 'Dziękujemy za zakup. Twoje zdjęcia są odblokowane.',
    total: 'Zapłacono',
    albums: 'Otwórz swój album',
    downloads: 'W albumie możesz pobrać każde zdjęcie lub cały album jako zip wysłany e-mailem.',
  },
};

/** The purchase e-mail: the order summary and links back to the albums it bought from. */
export function purchaseEmail(
  user: { email: string; firstName: string; language: string },
  order: Order,
  linkBase: string,
): MailMessage {
  const language: Language = isLanguage(user.language) ? user.language : 'en';
  const t = texts[language];
  const total = `${order.grand_total} ${order.currency_name}`;
  const links = order.albums.map((a) => ({
    label: `${a.event_name} (${a.picacode})`,
    url: `${linkBase}/checkins/${encodeURIComponent(a.picacode)}`,
  }));
  const name = user.firstName || user.email;
  const text = [
    t.greeting(name),
    '',
    t.thanks,
    '',
    ...order.lines.map((l) => `- ${l.description}: ${l.total} ${order.currency_name}`),
    `${t.total}: ${total}`,
    '',
    ...links.map((l) => `${t.albums}: ${l.label} ${l.url}`),
    '',
    t.downloads,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.thanks)}</p><ul>${order.lines
    .map(
      (l) =>
        `<li>${escapeHtml(l.description)}: ${escapeHtml(l.total)} ${escapeHtml(order.currency_name)}</li>`,
    )
    .join('')}</ul><p><strong>${escapeHtml(t.total)}: ${escapeHtml(total)}</strong></p>${links
    .map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(t.albums)}: ${escapeHtml(l.label)}</a></p>`)
    .join('')}<p>${escapeHtml(t.downloads)}</p>`;
  return { to: user.email, subject: t.subject(order.id), text, html };
}
