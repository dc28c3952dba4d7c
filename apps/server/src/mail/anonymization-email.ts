import type { Language } from '@fotodrop/contract';
import type { MailMessage } from '../adapters/mail/mailer';
import { escapeHtml } from './escape-html';

interface Texts {
  subject: (event: string) => string;
  greeting: (name: string) => string;
  body: (count: number, event: string) => string;
  action: string;
  undo: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (e) => `Your face is now hidden in the photos of ${e}`,
    greeting: (n) => `Hello ${n},`,
    body: (c, e) =>
      `Anonymous mode is active for ${e}: your face is blurred in the ${c} photos where we found you, in every copy other participants see, and those photos were taken out of their matches.`,
    action: 'Open your album',
    undo: 'You can turn anonymous mode off again in your album at any time.',
  },
  it: {
    subject: (e) => `Il tuo volto ora è nascosto nelle foto di ${e}`,
    greeting: (n) => `Ciao ${n},`,
    body: (c, e) =>
      `La modalità anonima è attiva per ${e}: il tuo volto è sfocato nelle ${c} foto in cui ti abbiamo trovato, in ogni copia che vedono gli altri partecipanti, e quelle foto sono state tolte dalle loro corrispondenze.`,
    action: 'Apri il tuo album',
    undo: 'Puoi disattivare la modalità anonima nel tuo album in qualsiasi momento.',
  },
  es: {
    subject: (e) => `Tu cara ya está oculta en las fotos de ${e}`,
    greeting: (n) => `Hola ${n}:`,
    body: (c, e) =>
      `El modo anónimo está activo para ${e}: tu cara aparece difuminada en las ${c} fotos en las que te encontramos, en cada copia que ven los demás participantes, y esas fotos se retiraron de sus coincidencias.`,
    action: 'Abrir tu álbum',
    undo: 'Puedes desactivar el modo anónimo en tu álbum cuando quieras.',
  },
  pt: {
    subject: (e) => `O seu rosto está agora oculto nas fotos de ${e}`,
    greeting: (n) => `Olá ${n},`,
    body: (c, e) =>
      `O modo anónimo está ativo para ${e}: o seu rosto está desfocado nas ${c} fotos em que o encontrámos, em cada cópia que os outros participantes veem, e essas fotos foram retiradas das correspondências deles.`,
    action: 'Abrir o seu álbum',
    undo: 'Pode desativar o modo anónimo no seu álbum a qualquer momento.',
  },
  de: {
    subject: (e) => `Dein Gesicht ist in den Fotos von ${e} jetzt verborgen`,
    greeting: (n) => `Hallo ${n},`,
    body: (c, e) =>
      `Der anonyme Modus ist für ${e} aktiv: Dein Gesicht ist in den ${c} Fotos, auf denen wir dich gefunden haben, in jeder Kopie, die andere Teilnehmende sehen, unkenntlich gemacht, und diese Fotos wurden aus deren Treffern entfernt.`,
    action: 'Album öffnen',
    undo: 'Du kannst den anonymen Modus in deinem Album jederzeit wieder ausschalten.',
  },
  fr: {
    subject: (e) => `Votre visage est désormais masqué sur les photos de ${e}`,
    greeting: (n) => `Bonjour ${n},`,
    body: (c, e) =>
      `Le mode anonyme est actif pour ${e} : votre visage est flouté sur les ${c} photos où nous vous avons trouvé, dans chaque copie que voient les autres participants, et ces photos ont été retirées de leurs correspondances.`,
    action: 'Ouvrir votre album',
    undo: 'Vous pouvez désactiver le mode anonyme dans votre album à tout moment.',
  },
  sl: {
    subject: (e) => `Vaš obraz je zdaj skrit na fotografijah z dogodka ${e}`,
    greeting: (n) => `Pozdravljeni, ${n},`,
    body: (c, e) =>
      `Anonimni način je vklopljen za dogodek ${e}: vaš obraz je zamegljen na fotografijah, na katerih smo vas našli (${c}), v vsaki kopiji, ki jo vidijo drugi udeleženci, te fotografije pa so odstranjene iz njihovih zadetkov.`,
    action: 'Odprite svoj album',
    undo: 'Anonimni način lahko v albumu kadar koli znova izklopite.',
  },
  ru: {
    subject: (e) => `Ваше лицо теперь скрыто на фото с события «${e}»`,
    greeting: (n) => `Здравствуйте, ${n}!`,
    body: (c, e) =>
      `Анонимный режим включён для события «${e}»: ваше лицо размыто на фото, где мы вас нашли (${c}), во всех копиях, которые видят другие участники, и эти фото убраны из их совпадений.`,
    action: 'Открыть альбом',
    undo: 'Анонимный режим можно выключить в альбоме в любой момент.',
  },
  uk: {
    subject: (e) => `Ваше обличчя тепер приховане на фото з події «${e}»`,
    greeting: (n) => `Вітаємо, ${n}!`,
    body: (c, e) =>
      `Анонімний режим увімкнено для події «${e}»: ваше обличчя розмите на фото, де ми вас знайшли (${c}), у кожній копії, яку бачать інші учасники, і ці фото прибрано з їхніх збігів.`,
    action: 'Відкрити альбом',
    undo: 'Анонімний режим можна вимкнути в альбомі будь-коли.',
  },
  pl: {
    subject: (e) => `Twoja twarz jest teraz ukryta na zdjęciach z wydarzenia ${e}`,
    greeting: (n) => `Cześć ${n},`,
    body: (c, e) =>
      `Tryb anonimowy jest włączony dla wydarzenia ${e}: Twoja twarz jest rozmyta na zdjęciach, na których Cię znaleźliśmy (${c}), w każdej kopii, którą widzą inni uczestnicy, a te zdjęcia usunięto z ich dopasowań.`,
    action: 'Otwórz swój album',
    undo: 'Tryb anonimowy możesz w każdej chwili wyłączyć w swoim albumie.',
  },
};

/** Deep anonymous mode's confirmation, sent once every photo of the album is processed (albums spec §4). */
export function anonymizationEmail(input: {
  to: string;
  name: string;
  language: Language;
  eventName: string;
  photos: number;
  link: string;
}): MailMessage {
  const t = texts[input.language];
  const body = t.body(input.photos, input.eventName);
  const lines = [t.greeting(input.name), '', body, '', `${t.action}: ${input.link}`, '', t.undo];
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(t.greeting(input.name))}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#6b7280">${escapeHtml(t.undo)}</p></body></html>`;
  return { to: input.to, subject: t.subject(input.eventName), text: lines.join('\n'), html };
}
