import type { Language } from '@fotodrop/contract';
import type { MailMessage } from '../adapters/mail/mailer';

interface Texts {
  subject: (event: string) => string;
  greeting: (name: string) => string;
  body: (count: number, event: string) => string;
  action: string;
  expiry: (hours: number) => string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (e) => `Your photos of ${e} are ready to download`,
    greeting: (n) => `Hello ${n},`,
    body: (c, e) => `The zip with the ${c} files you bought of ${e} is ready.`,
    action: 'Download the zip',
    expiry: (h) => `The link works for ${h} hours. After that, ask for a new zip in your album.`,
  },
  it: {
    subject: (e) => `Le tue foto di ${e} sono pronte da scaricare`,
    greeting: (n) => `Ciao ${n},`,
    body: (c, e) => `Lo zip con i ${c} file che hai acquistato di ${e} è pronto.`,
    action: 'Scarica lo zip',
    expiry: (h) => `Il link funziona per ${h} ore. Dopo, richiedi un nuovo zip dal tuo album.`,
  },
  es: {
    subject: (e) => `Tus fotos de ${e} están listas para descargar`,
    greeting: (n) => `Hola ${n}:`,
    body: (c, e) => `El zip con los ${c} archivos que compraste de ${e} está listo.`,
    action: 'Descargar el zip',
    expiry: (h) => `El enlace funciona durante ${h} horas. Después, pide un nuevo zip desde tu álbum.`,
  },
  pt: {
    subject: (e) => `As suas fotos de ${e} estão prontas para transferir`,
    greeting: (n) => `Olá ${n},`,
    body: (c, e) => `O zip com os ${c} ficheiros que comprou de ${e} está pronto.`,
    action: 'Transferir o zip',
    expiry: (h) => `A ligação funciona durante ${h} horas. Depois, peça um novo zip no seu álbum.`,
  },
  de: {
    subject: (e) => `Deine Fotos von ${e} stehen zum Download bereit`,
    greeting: (n) => `Hallo ${n},`,
    body: (c, e) => `Das ZIP mit den ${c} Dateien, die du von ${e} gekauft hast, ist fertig.`,
    action: 'ZIP herunterladen',
    expiry: (h) =>
      `Der Link funktioniert ${h} Stunden lang. Danach kannst du in deinem Album ein neues ZIP anfordern.`,
  },
  fr: {
    subject: (e) => `Vos photos de ${e} sont prêtes à télécharger`,
    greeting: (n) => `Bonjour ${n},`,
    body: (c, e) => `Le zip contenant les ${c} fichiers que vous avez achetés de ${e} est prêt.`,
    action: 'Télécharger le zip',
    expiry: (h) =>
      `Le lien fonctionne pendant ${h} heures. Ensuite, demandez un nouveau zip depuis votre album.`,
  },
  sl: {
    subject: (e) => `Vaše fotografije z dogodka ${e} so pripravljene za prenos`,
    greeting: (n) => `Pozdravljeni, ${n},`,
    body: (c, e) => `Datoteka zip s kupljenimi datotekami (${c}) z dogodka ${e} je pripravljena.`,
    action: 'Prenesite zip',
    expiry: (h) => `Povezava deluje ${h} ur. Nato v albumu zahtevajte nov zip.`,
  },
  ru: {
    subject: (e) => `Ваши фото с события «${e}» готовы к скачиванию`,
    greeting: (n) => `Здравствуйте, ${n}!`,
    body: (c, e) => `Архив zip с купленными файлами (${c}) с события «${e}» готов.`,
    action: 'Скачать архив',
    expiry: (h) => `Ссылка действует ${h} ч. После этого запросите новый архив в своём альбоме.`,
  },
  uk: {
    subject: (e) => `Ваші фото з події «${e}» готові до завантаження`,
    greeting: (n) => `Вітаємо, ${n}!`,
    body: (c, e) => `Архів zip із купленими файлами (${c}) з події «${e}» готовий.`,
    action: 'Завантажити архів',
    expiry: (h) => `Посилання діє ${h} год. Після цього запитайте новий архів у своєму альбомі.`,
  },
  pl: {
    subject: (e) => `Twoje zdjęcia z wydarzenia ${e} są gotowe do pobrania`,
    greeting: (n) => `Cześć ${n},`,
    body: (c, e) => `Plik zip z kupionymi plikami (${c}) z wydarzenia ${e} jest gotowy.`,
    action: 'Pobierz zip',
    expiry: (h) => `Link działa przez ${h} godz. Potem poproś o nowy plik zip w swoim albumie.`,
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail with the link to a finished album zip (albums spec §4 "Album download"). */
export function albumZipEmail(input: {
  to: string;
  name: string;
  language: Language;
  eventName: string;
  files: number;
  link: string;
  expiresInHours: number;
}): MailMessage {
  const t = texts[input.language];
  const body = t.body(input.files, input.eventName);
  const expiry = t.expiry(input.expiresInHours);
  const lines = [t.greeting(input.name), '', body, '', `${t.action}: ${input.link}`, '', expiry];
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#6b7280">${escapeHtml(expiry)}</p></body></html>`;
  return { to: input.to, subject: t.subject(input.eventName), text: lines.join('\n'), html };
}
