import type { Language } from '@fotodrop/contract';
import { textsFor } from '../../mail/mail-template';

/** What a printed card says besides its code, label and event: the participant reads it. */
export interface CardTexts {
  /** The line above the code. */
  code: string;
  /** How to use the card, with the host the code can be typed on. */
  instruction: (site: string) => string;
  /** The PDF's title (its document properties). */
  title: (event: string) => string;
}

/** The same words as the web app's catalogues use for an album code, in each language. */
const texts: Record<Language, CardTexts> = {
  en: {
    code: 'Your album code',
    instruction: (s) => `Scan the QR code, or enter this code at ${s}, to see your photos.`,
    title: (e) => `${e}: album codes`,
  },
  it: {
    code: 'Il tuo codice album',
    instruction: (s) => `Inquadra il codice QR, o inserisci questo codice su ${s}, per vedere le tue foto.`,
    title: (e) => `${e}: codici album`,
  },
  es: {
    code: 'Tu código del álbum',
    instruction: (s) => `Escanea el código QR, o introduce este código en ${s}, para ver tus fotos.`,
    title: (e) => `${e}: códigos de álbum`,
  },
  pt: {
    code: 'O seu código do álbum',
    instruction: (s) => `Leia o código QR, ou introduza este código em ${s}, para ver as suas fotos.`,
    title: (e) => `${e}: códigos do álbum`,
  },
  de: {
    code: 'Dein Albumcode',
    instruction: (s) => `Scanne den QR-Code oder gib diesen Code auf ${s} ein, um deine Fotos zu sehen.`,
    title: (e) => `${e}: Albumcodes`,
  },
  fr: {
    code: 'Votre code d’album',
    instruction: (s) => `Scannez le code QR, ou saisissez ce code sur ${s}, pour voir vos photos.`,
    title: (e) => `${e} : codes d’album`,
  },
  sl: {
    code: 'Vaša koda albuma',
    instruction: (s) => `Skenirajte kodo QR ali vnesite to kodo na ${s}, da vidite svoje fotografije.`,
    title: (e) => `${e}: kode albumov`,
  },
  ru: {
    code: 'Ваш код альбома',
    instruction: (s) => `Отсканируйте QR-код или введите этот код на ${s}, чтобы увидеть свои фото.`,
    title: (e) => `${e}: коды альбомов`,
  },
  uk: {
    code: 'Ваш код альбому',
    instruction: (s) => `Відскануйте QR-код або введіть цей код на ${s}, щоб побачити свої фото.`,
    title: (e) => `${e}: коди альбомів`,
  },
  pl: {
    code: 'Twój kod albumu',
    instruction: (s) => `Zeskanuj kod QR lub wpisz ten kod na ${s}, aby zobaczyć swoje zdjęcia.`,
    title: (e) => `${e}: kody albumów`,
  },
};

export const cardTexts = (language: Language): CardTexts => textsFor(texts, language);
