import type { Language } from '@fotodrop/contract';
import type { MailMessage } from '../../adapters/mail/mailer';
import { type MailBrand, renderMail, textsFor } from '../../mail/mail-template';
import type { OrganisationRow } from '../../repositories/organisations.repository';

interface Texts {
  subject: (event: string) => string;
  greeting: (name: string) => string;
  ready: (event: string, organiser: string) => string;
  code: (code: string) => string;
  open: string;
  later: string;
  why: (organiser: string) => string;
  optOut: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (e) => `Your photos of ${e} are ready`,
    greeting: (n) => `Hello ${n},`,
    ready: (e, o) => `${o} has published the first photos of you at ${e}.`,
    code: (c) => `Your album code: ${c}`,
    open: 'See your photos',
    later: 'Photos found later join your album without another e-mail.',
    why: (o) => `You get this e-mail because you registered for the race with ${o}.`,
    optOut: 'No more e-mails about your photos',
  },
  it: {
    subject: (e) => `Le tue foto di ${e} sono pronte`,
    greeting: (n) => `Ciao ${n},`,
    ready: (e, o) => `${o} ha pubblicato le prime foto di te a ${e}.`,
    code: (c) => `Il tuo codice album: ${c}`,
    open: 'Guarda le tue foto',
    later: 'Le foto trovate più tardi si aggiungono al tuo album senza un’altra e-mail.',
    why: (o) => `Ricevi questa e-mail perché ti sei iscritto alla gara con ${o}.`,
    optOut: 'Non voglio più e-mail sulle mie foto',
  },
  es: {
    subject: (e) => `Tus fotos de ${e} están listas`,
    greeting: (n) => `Hola ${n}:`,
    ready: (e, o) => `${o} ha publicado las primeras fotos tuyas en ${e}.`,
    code: (c) => `Tu código de álbum: ${c}`,
    open: 'Ver tus fotos',
    later: 'Las fotos que se encuentren más tarde se añaden a tu álbum sin otro correo.',
    why: (o) => `Recibes este correo porque te inscribiste en la carrera con ${o}.`,
    optOut: 'No quiero más correos sobre mis fotos',
  },
  pt: {
    subject: (e) => `As suas fotos de ${e} estão prontas`,
    greeting: (n) => `Olá ${n},`,
    ready: (e, o) => `${o} publicou as primeiras fotos suas em ${e}.`,
    code: (c) => `O seu código de álbum: ${c}`,
    open: 'Ver as suas fotos',
    later: 'As fotos encontradas mais tarde juntam-se ao seu álbum sem outro e-mail.',
    why: (o) => `Recebe este e-mail porque se inscreveu na prova com ${o}.`,
    optOut: 'Não quero mais e-mails sobre as minhas fotos',
  },
  de: {
    subject: (e) => `Deine Fotos von ${e} sind da`,
    greeting: (n) => `Hallo ${n},`,
    ready: (e, o) => `${o} hat die ersten Fotos von dir bei ${e} veröffentlicht.`,
    code: (c) => `Dein Albumcode: ${c}`,
    open: 'Deine Fotos ansehen',
    later: 'Später gefundene Fotos kommen ohne weitere E-Mail in dein Album.',
    why: (o) => `Du erhältst diese E-Mail, weil du dich bei ${o} für den Lauf angemeldet hast.`,
    optOut: 'Keine E-Mails mehr zu meinen Fotos',
  },
  fr: {
    subject: (e) => `Vos photos de ${e} sont prêtes`,
    greeting: (n) => `Bonjour ${n},`,
    ready: (e, o) => `${o} a publié les premières photos de vous à ${e}.`,
    code: (c) => `Votre code d’album : ${c}`,
    open: 'Voir vos photos',
    later: 'Les photos trouvées plus tard rejoignent votre album sans autre e-mail.',
    why: (o) => `Vous recevez cet e-mail parce que vous vous êtes inscrit à la course auprès de ${o}.`,
    optOut: 'Ne plus recevoir d’e-mails sur mes photos',
  },
  sl: {
    subject: (e) => `Vaše fotografije z dogodka ${e} so pripravljene`,
    greeting: (n) => `Pozdravljeni, ${n},`,
    ready: (e, o) => `${o} je objavil prve vaše fotografije z dogodka ${e}.`,
    code: (c) => `Vaša koda albuma: ${c}`,
    open: 'Oglejte si svoje fotografije',
    later: 'Pozneje najdene fotografije se dodajo v vaš album brez novega e-poštnega sporočila.',
    why: (o) => `To sporočilo prejemate, ker ste se na tekmo prijavili pri ${o}.`,
    optOut: 'Ne želim več sporočil o svojih fotografijah',
  },
  ru: {
    subject: (e) => `Ваши фото с ${e} готовы`,
    greeting: (n) => `Здравствуйте, ${n}!`,
    ready: (e, o) => `${o} опубликовал первые фото с вами на ${e}.`,
    code: (c) => `Код вашего альбома: ${c}`,
    open: 'Посмотреть фото',
    later: 'Фото, найденные позже, появятся в альбоме без нового письма.',
    why: (o) => `Вы получили это письмо, потому что зарегистрировались на забег у ${o}.`,
    optOut: 'Больше не присылать писем о моих фото',
  },
  uk: {
    subject: (e) => `Ваші фото з ${e} готові`,
    greeting: (n) => `Вітаємо, ${n}!`,
    ready: (e, o) => `${o} опублікував перші фото з вами на ${e}.`,
    code: (c) => `Код вашого альбому: ${c}`,
    open: 'Переглянути фото',
    later: 'Фото, знайдені пізніше, з’являться в альбомі без нового листа.',
    why: (o) => `Ви отримали цей лист, бо зареєструвалися на забіг у ${o}.`,
    optOut: 'Більше не надсилати листів про мої фото',
  },
  pl: {
    subject: (e) => `Twoje zdjęcia z ${e} są gotowe`,
    greeting: (n) => `Cześć ${n},`,
    ready: (e, o) => `${o} opublikował pierwsze Twoje zdjęcia z ${e}.`,
    code: (c) => `Twój kod albumu: ${c}`,
    open: 'Zobacz swoje zdjęcia',
    later: 'Zdjęcia znalezione później trafią do albumu bez kolejnego e-maila.',
    why: (o) => `Otrzymujesz tę wiadomość, ponieważ zapisałeś się na bieg u ${o}.`,
    optOut: 'Nie chcę więcej e-maili o moich zdjęciach',
  },
};

/**
 * A runner's one "your photos are ready" e-mail (issue 20): in their language, from the event's
 * organiser, with the preview link of their own code and a link to stop these e-mails.
 */
export function runnerReadyEmail(input: {
  to: string;
  firstName: string;
  language: Language;
  eventName: string;
  organiserName: string;
  code: string;
  previewUrl: string;
  optOutUrl: string;
  brand: MailBrand;
}): MailMessage {
  const t = textsFor(texts, input.language);
  return renderMail(
    input.to,
    t.subject(input.eventName),
    [
      { kind: 'paragraph', text: t.greeting(input.firstName) },
      { kind: 'paragraph', text: t.ready(input.eventName, input.organiserName) },
      { kind: 'link', label: t.open, url: input.previewUrl },
      { kind: 'paragraph', text: t.code(input.code) },
      { kind: 'paragraph', text: t.later },
      { kind: 'paragraph', text: t.why(input.organiserName) },
      { kind: 'link', label: t.optOut, url: input.optOutUrl, quiet: true },
    ],
    input.brand,
  );
}

/**
 * The organiser's branding as their e-mail shows it: their name, their logo made absolute on their
 * site's origin (`siteBase`, from configuration), their theme's main colour.
 */
export function organiserMailBrand(
  organisation: OrganisationRow | undefined,
  fallbackName: string,
  siteBase: string,
): MailBrand {
  const logo = organisation?.logo ?? null;
  return {
    name: organisation?.name ?? fallbackName,
    logoUrl: logo === null ? null : logo.startsWith('/') ? `${siteBase}${logo}` : logo,
    colours: organisation?.theme
      ? { primary: organisation.theme.primary, primaryContrast: organisation.theme.primary_contrast }
      : null,
  };
}
