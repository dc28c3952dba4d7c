import type { Language } from '@fotodrop/contract';
import { isLanguage } from '@fotodrop/contract/languages';
import type { MailMessage } from '../../adapters/mail/mailer';
import { escapeHtml } from '../../mail/escape-html';

export type UnpurchasedNotice = 'last_chance' | 'last_call';

interface Texts {
  greeting: (name: string) => string;
  lastChanceSubject: (event: string) => string;
  lastChance: (date: string) => string;
  lastCallSubject: (event: string) => string;
  lastCall: (date: string, percent: number) => string;
  open: string;
  kept: string;
}

const texts: Record<Language, Texts> = {
  en: {
    greeting: (n) => `Hello ${n},`,
    lastChanceSubject: (e) => `Last chance: your photos of ${e} will be deleted soon`,
    lastChance: (d) =>
      `The photos of your album that you have not bought will be deleted on ${d}. Buy the ones you want to keep before then.`,
    lastCallSubject: (e) => `Last call: SD photos of ${e} at half price`,
    lastCall: (d, p) =>
      `Last call until ${d}: SD photos are ${p} % off; HD photos are no longer available. After that date, the photos you have not bought are deleted.`,
    open: 'Open your album',
    kept: 'Photos you have bought are always kept.',
  },
  it: {
    greeting: (n) => `Ciao ${n},`,
    lastChanceSubject: (e) => `Ultima occasione: le tue foto di ${e} saranno presto eliminate`,
    lastChance: (d) =>
      `Le foto del tuo album che non hai acquistato saranno eliminate il ${d}. Acquista quelle che vuoi tenere prima di allora.`,
    lastCallSubject: (e) => `Ultima chiamata: foto SD di ${e} a metà prezzo`,
    lastCall: (d, p) =>
      `Ultima chiamata fino al ${d}: le foto SD sono scontate del ${p} %; le foto HD non sono più disponibili. Dopo quella data le foto non acquistate vengono eliminate.`,
    open: 'Apri il tuo album',
    kept: 'Le foto che hai acquistato restano sempre disponibili.',
  },
  es: {
    greeting: (n) => `Hola ${n}:`,
    lastChanceSubject: (e) => `Última oportunidad: tus fotos de ${e} se eliminarán pronto`,
    lastChance: (d) =>
      `Las fotos de tu álbum que no has comprado se eliminarán el ${d}. Compra las que quieras conservar antes de esa fecha.`,
    lastCallSubject: (e) => `Último aviso: fotos SD de ${e} a mitad de precio`,
    lastCall: (d, p) =>
      `Último aviso hasta el ${d}: las fotos SD tienen un ${p} % de descuento; las fotos HD ya no están disponibles. Después de esa fecha se eliminan las fotos que no hayas comprado.`,
    open: 'Abre tu álbum',
    kept: 'Las fotos que has comprado se conservan siempre.',
  },
  pt: {
    greeting: (n) => `Olá ${n},`,
    lastChanceSubject: (e) => `Última oportunidade: as suas fotos de ${e} vão ser eliminadas em breve`,
    lastChance: (d) =>
      `As fotos do seu álbum que não comprou serão eliminadas a ${d}. Compre as que quer guardar antes dessa data.`,
    lastCallSubject: (e) => `Última chamada: fotos SD de ${e} a metade do preço`,
    lastCall: (d, p) =>
      `Última chamada até ${d}: as fotos SD têm ${p} % de desconto; as fotos HD já não estão disponíveis. Depois dessa data, as fotos que não comprou são eliminadas.`,
    open: 'Abrir o seu álbum',
    kept: 'As fotos que comprou são sempre guardadas.',
  },
  de: {
    greeting: (n) => `Hallo ${n},`,
    lastChanceSubject: (e) => `Letzte Gelegenheit: Deine Fotos von ${e} werden bald gelöscht`,
    lastChance: (d) =>
      `Die Fotos deines Albums, die du nicht gekauft hast, werden am ${d} gelöscht. Kaufe die, die du behalten möchtest, vorher.`,
    lastCallSubject: (e) => `Letzter Aufruf: SD-Fotos von ${e} zum halben Preis`,
    lastCall: (d, p) =>
      `Letzter Aufruf bis ${d}: SD-Fotos ${p} % günstiger; HD-Fotos sind nicht mehr erhältlich. Nach diesem Datum werden die nicht gekauften Fotos gelöscht.`,
    open: 'Album öffnen',
    kept: 'Gekaufte Fotos bleiben immer erhalten.',
  },
  fr: {
    greeting: (n) => `Bonjour ${n},`,
    lastChanceSubject: (e) => `Dernière chance : vos photos de ${e} seront bientôt supprimées`,
    lastChance: (d) =>
      `Les photos de votre album que vous n'avez pas achetées seront supprimées le ${d}. Achetez celles que vous voulez garder avant cette date.`,
    lastCallSubject: (e) => `Dernier appel : photos SD de ${e} à moitié prix`,
    lastCall: (d, p) =>
      `Dernier appel jusqu'au ${d} : les photos SD sont à -${p} % ; les photos HD ne sont plus disponibles. Après cette date, les photos non achetées sont supprimées.`,
    open: 'Ouvrir votre album',
    kept: 'Les photos achetées sont toujours conservées.',
  },
  sl: {
    greeting: (n) => `Pozdravljeni, ${n},`,
    lastChanceSubject: (e) => `Zadnja priložnost: vaše fotografije dogodka ${e} bodo kmalu izbrisane`,
    lastChance: (d) =>
      `Fotografije v vašem albumu, ki jih niste kupili, bodo izbrisane ${d}. Kupite tiste, ki jih želite obdržati, pred tem datumom.`,
    lastCallSubject: (e) => `Zadnji klic: fotografije SD dogodka ${e} za pol cene`,
    lastCall: (d, p) =>
      `Zadnji klic do ${d}: fotografije SD so ${p} % cenejše; fotografije HD niso več na voljo. Po tem datumu se nekupljene fotografije izbrišejo.`,
    open: 'Odprite svoj album',
    kept: 'Kupljene fotografije ostanejo vedno shranjene.',
  },
  ru: {
    greeting: (n) => `Здравствуйте, ${n}!`,
    lastChanceSubject: (e) => `Последний шанс: ваши фото с ${e} скоро будут удалены`,
    lastChance: (d) =>
      `Фото вашего альбома, которые вы не купили, будут удалены ${d}. Купите те, что хотите сохранить, до этой даты.`,
    lastCallSubject: (e) => `Последний звонок: SD-фото с ${e} за полцены`,
    lastCall: (d, p) =>
      `Последний звонок до ${d}: SD-фото со скидкой ${p} %; HD-фото больше недоступны. После этой даты некупленные фото удаляются.`,
    open: 'Открыть альбом',
    kept: 'Купленные фото сохраняются всегда.',
  },
  uk: {
    greeting: (n) => `Вітаємо, ${n}!`,
    lastChanceSubject: (e) => `Останній шанс: ваші фото з ${e} незабаром буде видалено`,
    lastChance: (d) =>
      `Фото вашого альбому, які ви не купили, буде видалено ${d}. Купіть ті, що хочете зберегти, до цієї дати.`,
    lastCallSubject: (e) => `Останній дзвінок: SD-фото з ${e} за пів ціни`,
    lastCall: (d, p) =>
      `Останній дзвінок до ${d}: SD-фото зі знижкою ${p} %; HD-фото більше недоступні. Після цієї дати некуплені фото видаляються.`,
    open: 'Відкрити альбом',
    kept: 'Куплені фото зберігаються завжди.',
  },
  pl: {
    greeting: (n) => `Cześć ${n},`,
    lastChanceSubject: (e) => `Ostatnia szansa: Twoje zdjęcia z ${e} wkrótce zostaną usunięte`,
    lastChance: (d) =>
      `Niekupione zdjęcia z Twojego albumu zostaną usunięte ${d}. Kup te, które chcesz zachować, przed tą datą.`,
    lastCallSubject: (e) => `Ostatnie wezwanie: zdjęcia SD z ${e} za pół ceny`,
    lastCall: (d, p) =>
      `Ostatnie wezwanie do ${d}: zdjęcia SD ${p} % taniej; zdjęcia HD nie są już dostępne. Po tej dacie niekupione zdjęcia zostaną usunięte.`,
    open: 'Otwórz swój album',
    kept: 'Kupione zdjęcia są zawsze zachowywane.',
  },
};

/**
 * The album owner's notice before unpurchased photos go (albums spec §4): the last-chance warning,
 * or the last call with its discount; `day` is the last day photos can be bought (YYYY-MM-DD).
 */
export function unpurchasedEmail(
  kind: UnpurchasedNotice,
  to: { email: string; firstName: string; language: string },
  album: { eventName: string; url: string; day: string; discountPercent: number },
): MailMessage {
  const language: Language = isLanguage(to.language) ? to.language : 'en';
  const t = texts[language];
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${album.day}T12:00:00Z`),
  );
  const subject =
    kind === 'last_call' ? t.lastCallSubject(album.eventName) : t.lastChanceSubject(album.eventName);
  const body = kind === 'last_call' ? t.lastCall(date, album.discountPercent) : t.lastChance(date);
  const name = to.firstName || to.email;
  const text = [t.greeting(name), '', body, '', `${t.open}: ${album.url}`, '', t.kept].join('\n');
  const html = `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(album.url)}">${escapeHtml(
    t.open,
  )}</a></p><p>${escapeHtml(t.kept)}</p>`;
  return { to: to.email, subject, text, html };
}
