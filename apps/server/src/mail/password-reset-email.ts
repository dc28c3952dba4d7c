import type { Language } from '@fotodrop/contract';
import type { MailMessage } from '../adapters/mail/mailer';
import { escapeHtml } from './escape-html';

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: (minutes: number) => string;
  ignore: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: 'Reset your Fotodrop password',
    greeting: (n) => `Hello ${n},`,
    body: 'We received a request to reset the password of your Fotodrop account.',
    action: 'Choose a new password',
    expiry: (m) => `The link works once and expires in ${m} minutes.`,
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
  },
  it: {
    subject: 'Reimposta la tua password Fotodrop',
    greeting: (n) => `Ciao ${n},`,
    body: 'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Fotodrop.',
    action: 'Scegli una nuova password',
    expiry: (m) => `Il link funziona una sola volta e scade tra ${m} minuti.`,
    ignore: 'Se non hai fatto tu questa richiesta, ignora questa e-mail: la tua password resta invariata.',
  },
  es: {
    subject: 'Restablece tu contraseña de Fotodrop',
    greeting: (n) => `Hola ${n}:`,
    body: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Fotodrop.',
    action: 'Elige una nueva contraseña',
    expiry: (m) => `El enlace funciona una sola vez y caduca en ${m} minutos.`,
    ignore: 'Si no lo has solicitado, ignora este correo: tu contraseña no cambia.',
  },
  pt: {
    subject: 'Redefina a sua palavra-passe Fotodrop',
    greeting: (n) => `Olá ${n},`,
    body: 'Recebemos um pedido para redefinir a palavra-passe da sua conta Fotodrop.',
    action: 'Escolher uma nova palavra-passe',
    expiry: (m) => `A ligação funciona uma única vez e expira dentro de ${m} minutos.`,
    ignore: 'Se não fez este pedido, ignore este e-mail: a sua palavra-passe mantém-se.',
  },
  de: {
    subject: 'Setze dein Fotodrop-Passwort zurück',
    greeting: (n) => `Hallo ${n},`,
    body: 'Wir haben eine Anfrage erhalten, das Passwort deines Fotodrop-Kontos zurückzusetzen.',
    action: 'Neues Passwort wählen',
    expiry: (m) => `Der Link funktioniert einmal und läuft in ${m} Minuten ab.`,
    ignore: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: dein Passwort bleibt unverändert.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Fotodrop',
    greeting: (n) => `Bonjour ${n},`,
    body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Fotodrop.',
    action: 'Choisir un nouveau mot de passe',
    expiry: (m) => `Le lien ne fonctionne qu’une fois et expire dans ${m} minutes.`,
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  sl: {
    subject: 'Ponastavite geslo za Fotodrop',
    greeting: (n) => `Pozdravljeni, ${n},`,
    body: 'Prejeli smo zahtevo za ponastavitev gesla vašega računa Fotodrop.',
    action: 'Izberite novo geslo',
    expiry: (m) => `Povezava deluje enkrat in poteče čez ${m} minut.`,
    ignore: 'Če tega niste zahtevali, prezrite to e-pošto: vaše geslo ostane nespremenjeno.',
  },
  ru: {
    subject: 'Сброс пароля Fotodrop',
    greeting: (n) => `Здравствуйте, ${n}!`,
    body: 'Мы получили запрос на сброс пароля вашей учётной записи Fotodrop.',
    action: 'Выбрать новый пароль',
    expiry: (m) => `Ссылка действует один раз и истекает через ${m} минут.`,
    ignore: 'Если вы не отправляли этот запрос, проигнорируйте письмо: ваш пароль не изменится.',
  },
  uk: {
    subject: 'Скидання пароля Fotodrop',
    greeting: (n) => `Вітаємо, ${n}!`,
    body: 'Ми отримали запит на скидання пароля вашого облікового запису Fotodrop.',
    action: 'Обрати новий пароль',
    expiry: (m) => `Посилання діє один раз і спливає через ${m} хвилин.`,
    ignore: 'Якщо ви не надсилали цей запит, проігноруйте лист: ваш пароль не зміниться.',
  },
  pl: {
    subject: 'Zresetuj hasło do Fotodrop',
    greeting: (n) => `Cześć ${n},`,
    body: 'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta Fotodrop.',
    action: 'Wybierz nowe hasło',
    expiry: (m) => `Link działa jeden raz i wygasa za ${m} minut.`,
    ignore: 'Jeśli to nie Ty wysłałeś prośbę, zignoruj tę wiadomość: Twoje hasło się nie zmieni.',
  },
};

export function passwordResetEmail(input: {
  to: string;
  name: string;
  language: Language;
  link: string;
  expiresInMinutes: number;
}): MailMessage {
  const t = texts[input.language];
  const lines = [
    t.greeting(input.name),
    '',
    t.body,
    '',
    `${t.action}: ${input.link}`,
    '',
    t.expiry(input.expiresInMinutes),
    t.ignore,
  ];
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.expiry(input.expiresInMinutes))}</p><p style="color:#6b7280">${escapeHtml(t.ignore)}</p></body></html>`;
  return { to: input.to, subject: t.subject, text: lines.join('\n'), html };
}
