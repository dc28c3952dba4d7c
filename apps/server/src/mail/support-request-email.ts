import type { Language, SupportCategory } from '@fotodrop/contract';
import type { MailAttachment, MailMessage } from '../adapters/mail/mailer';
import { escapeHtml } from './escape-html';

export interface SupportRequestMail {
  id: number;
  name: string;
  email: string;
  category: SupportCategory;
  subject: string;
  message: string;
  picacode: string | null;
  eventName: string | null;
  language: Language;
  signedIn: boolean;
  organisationName: string;
  /** YYYY-MM-DD in the support team's time zone. */
  answerBy: string;
  open: boolean;
  screenshot: MailAttachment | null;
}

const CATEGORY_EN: Record<SupportCategory, string> = {
  finding_photos: 'Finding my photos',
  missing_photos: 'Photos missing',
  payment: 'Payment',
  download: 'Download',
  prints: 'Prints',
  privacy: 'Privacy and face search',
  account: 'Account',
  other: 'Other',
};

/**
 * The request as the support team reads it: every field a first answer needs, the person's
 * language, and Reply-To set to the person, so answering is pressing Reply.
 */
export function supportTeamEmail(to: string, r: SupportRequestMail): MailMessage {
  const rows: [string, string][] = [
    ['Request', `#${r.id}`],
    ['From', `${r.name} <${r.email}>${r.signedIn ? ' (signed in)' : ' (not signed in)'}`],
    ['Language', r.language],
    ['Category', CATEGORY_EN[r.category]],
    ['Event', r.eventName ?? '—'],
    ['Album code', r.picacode ?? '—'],
    ['Answer promised by', r.answerBy],
    ['Screenshot', r.screenshot ? 'attached' : 'none'],
  ];
  const text = [...rows.map(([k, v]) => `${k}: ${v}`), '', `Subject: ${r.subject}`, '', r.message].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<table>${rows.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<h2 style="font-size:16px">${escapeHtml(r.subject)}</h2><p style="white-space:pre-wrap">${escapeHtml(r.message)}</p></body></html>`;
  return {
    to,
    replyTo: r.email,
    subject: `[${r.organisationName} support #${r.id}] ${CATEGORY_EN[r.category]}: ${r.subject}`,
    text,
    html,
    ...(r.screenshot ? { attachments: [r.screenshot] } : {}),
  };
}

interface Texts {
  subject: (id: number) => string;
  greeting: (name: string) => string;
  /** The greeting without a name: an unproven address gets none of the submitted text. */
  hello: string;
  received: string;
  answerBy: (day: string) => string;
  closed: string;
  copy: string;
  noReply: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (id) => `We received your request #${id}`,
    greeting: (n) => `Hello ${n},`,
    hello: 'Hello,',
    received: 'thank you for writing to us. Your request has reached our support team.',
    answerBy: (d) => `You can expect an answer by ${d}.`,
    closed: 'Support is closed today (weekend or holiday); we answer from the next working day.',
    copy: 'Your message:',
    noReply: 'To add something, reply to this e-mail or send a new request from the help page.',
  },
  it: {
    subject: (id) => `Abbiamo ricevuto la tua richiesta n. ${id}`,
    greeting: (n) => `Ciao ${n},`,
    hello: 'Ciao,',
    received: 'grazie per averci scritto. La tua richiesta è arrivata al nostro supporto.',
    answerBy: (d) => `Riceverai una risposta entro ${d}.`,
    closed: 'Oggi il supporto è chiuso (fine settimana o festivo); rispondiamo dal primo giorno lavorativo.',
    copy: 'Il tuo messaggio:',
    noReply:
      'Per aggiungere qualcosa, rispondi a questa e-mail o invia una nuova richiesta dalla pagina di aiuto.',
  },
  es: {
    subject: (id) => `Hemos recibido tu solicitud n.º ${id}`,
    greeting: (n) => `Hola ${n}:`,
    hello: 'Hola:',
    received: 'gracias por escribirnos. Tu solicitud ha llegado a nuestro equipo de soporte.',
    answerBy: (d) => `Recibirás una respuesta como tarde el ${d}.`,
    closed:
      'Hoy el soporte está cerrado (fin de semana o festivo); respondemos a partir del próximo día laborable.',
    copy: 'Tu mensaje:',
    noReply: 'Para añadir algo, responde a este correo o envía una nueva solicitud desde la página de ayuda.',
  },
  pt: {
    subject: (id) => `Recebemos o seu pedido n.º ${id}`,
    greeting: (n) => `Olá ${n},`,
    hello: 'Olá,',
    received: 'obrigado por nos escrever. O seu pedido chegou à nossa equipa de apoio.',
    answerBy: (d) => `Pode contar com uma resposta até ${d}.`,
    closed: 'Hoje o apoio está fechado (fim de semana ou feriado); respondemos a partir do próximo dia útil.',
    copy: 'A sua mensagem:',
    noReply:
      'Para acrescentar algo, responda a este e-mail ou envie um novo pedido a partir da página de ajuda.',
  },
  de: {
    subject: (id) => `Wir haben deine Anfrage Nr. ${id} erhalten`,
    greeting: (n) => `Hallo ${n},`,
    hello: 'Hallo,',
    received: 'danke für deine Nachricht. Deine Anfrage ist bei unserem Support-Team angekommen.',
    answerBy: (d) => `Du erhältst eine Antwort bis ${d}.`,
    closed:
      'Der Support ist heute geschlossen (Wochenende oder Feiertag); wir antworten ab dem nächsten Werktag.',
    copy: 'Deine Nachricht:',
    noReply:
      'Um etwas zu ergänzen, antworte auf diese E-Mail oder sende eine neue Anfrage über die Hilfeseite.',
  },
  fr: {
    subject: (id) => `Nous avons reçu votre demande n° ${id}`,
    greeting: (n) => `Bonjour ${n},`,
    hello: 'Bonjour,',
    received: 'merci de nous avoir écrit. Votre demande est parvenue à notre équipe d’assistance.',
    answerBy: (d) => `Vous recevrez une réponse au plus tard le ${d}.`,
    closed:
      'L’assistance est fermée aujourd’hui (week-end ou jour férié) ; nous répondons dès le prochain jour ouvré.',
    copy: 'Votre message :',
    noReply:
      'Pour ajouter quelque chose, répondez à cet e-mail ou envoyez une nouvelle demande depuis la page d’aide.',
  },
  sl: {
    subject: (id) => `Prejeli smo vašo zahtevo št. ${id}`,
    greeting: (n) => `Pozdravljeni, ${n},`,
    hello: 'Pozdravljeni,',
    received: 'hvala, ker ste nam pisali. Vaša zahteva je prispela do naše podpore.',
    answerBy: (d) => `Odgovor lahko pričakujete do ${d}.`,
    closed: 'Podpora je danes zaprta (vikend ali praznik); odgovarjamo od naslednjega delovnega dne.',
    copy: 'Vaše sporočilo:',
    noReply: 'Če želite kaj dodati, odgovorite na to e-pošto ali pošljite novo zahtevo s strani za pomoč.',
  },
  ru: {
    subject: (id) => `Мы получили ваш запрос № ${id}`,
    greeting: (n) => `Здравствуйте, ${n}!`,
    hello: 'Здравствуйте!',
    received: 'Спасибо за обращение. Ваш запрос передан в нашу службу поддержки.',
    answerBy: (d) => `Ответ придёт не позднее ${d}.`,
    closed: 'Сегодня поддержка не работает (выходной или праздник); мы ответим с ближайшего рабочего дня.',
    copy: 'Ваше сообщение:',
    noReply: 'Чтобы что-то добавить, ответьте на это письмо или отправьте новый запрос со страницы помощи.',
  },
  uk: {
    subject: (id) => `Ми отримали ваш запит № ${id}`,
    greeting: (n) => `Вітаємо, ${n}!`,
    hello: 'Вітаємо!',
    received: 'Дякуємо за звернення. Ваш запит передано нашій службі підтримки.',
    answerBy: (d) => `Відповідь надійде не пізніше ${d}.`,
    closed: 'Сьогодні підтримка не працює (вихідний або свято); ми відповімо з найближчого робочого дня.',
    copy: 'Ваше повідомлення:',
    noReply: 'Щоб щось додати, дайте відповідь на цей лист або надішліть новий запит зі сторінки допомоги.',
  },
  pl: {
    subject: (id) => `Otrzymaliśmy Twoje zgłoszenie nr ${id}`,
    greeting: (n) => `Cześć ${n},`,
    hello: 'Cześć,',
    received: 'dziękujemy za wiadomość. Twoje zgłoszenie trafiło do naszego zespołu wsparcia.',
    answerBy: (d) => `Odpowiedź otrzymasz najpóźniej ${d}.`,
    closed: 'Dziś wsparcie jest nieczynne (weekend lub święto); odpowiadamy od najbliższego dnia roboczego.',
    copy: 'Twoja wiadomość:',
    noReply: 'Aby coś dodać, odpowiedz na tę wiadomość lub wyślij nowe zgłoszenie ze strony pomocy.',
  },
};

/** A day written out in the person's language ("Monday, 30 November 2026"). */
export function longDate(day: string, language: Language): string {
  // British English writes the day before the month, as the rest of Europe reads it
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The confirmation to the person who asked, in their language. With `copy` (the signed-in
 * account's own, proven address) it greets them by name and repeats what they wrote; otherwise it
 * holds none of the submitted text: the address was only typed into a form, maybe a stranger's,
 * and the mail must not carry their words to it.
 */
export function supportConfirmationEmail(r: SupportRequestMail, { copy }: { copy: boolean }): MailMessage {
  const t = texts[r.language];
  const when = t.answerBy(longDate(r.answerBy, r.language));
  const paragraphs = [copy ? t.greeting(r.name) : t.hello, t.received, when, ...(r.open ? [] : [t.closed])];
  const copied = copy ? ['', t.copy, `${r.subject}`, r.message] : [];
  const text = [...paragraphs, ...copied, '', t.noReply].join('\n');
  const copiedHtml = copy
    ? `<p><strong>${escapeHtml(t.copy)}</strong><br>${escapeHtml(r.subject)}</p><p style="white-space:pre-wrap">${escapeHtml(r.message)}</p>\n`
    : '';
  const html = `<!doctype html><html lang="${r.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
${copiedHtml}<p style="color:#6b7280">${escapeHtml(t.noReply)}</p></body></html>`;
  return { to: r.email, subject: t.subject(r.id), text, html };
}
