import { PHOTOBOOK_PHOTO_COUNT } from '@fotodrop/contract';
import type { Language } from '@fotodrop/contract/languages';
import type { TextTranslations } from '../db/print-schema';

type Translations = Record<Exclude<Language, 'en'>, string>;
const n = PHOTOBOOK_PHOTO_COUNT;

/**
 * The demo catalogue's texts in the other nine languages, by their English text. Sizes such as
 * "10×15 cm" read the same everywhere and have no entry.
 */
export const DEMO_PRINT_TEXTS: Record<string, Translations> = {
  Prints: {
    de: 'Abzüge',
    fr: 'Tirages',
    it: 'Stampe',
    es: 'Copias',
    pt: 'Impressões',
    pl: 'Odbitki',
    sl: 'Fotografije',
    ru: 'Отпечатки',
    uk: 'Відбитки',
  },
  'Your photos on photo paper, glossy or matt.': {
    de: 'Deine Fotos auf Fotopapier, glänzend oder matt.',
    fr: 'Vos photos sur papier photo, brillant ou mat.',
    it: 'Le tue foto su carta fotografica, lucida o opaca.',
    es: 'Tus fotos en papel fotográfico, brillo o mate.',
    pt: 'As suas fotos em papel fotográfico, brilhante ou mate.',
    pl: 'Twoje zdjęcia na papierze fotograficznym, błyszczącym lub matowym.',
    sl: 'Vaše fotografije na fotografskem papirju, sijajnem ali mat.',
    ru: 'Ваши фотографии на фотобумаге, глянцевой или матовой.',
    uk: 'Ваші фотографії на фотопапері, глянцевому чи матовому.',
  },
  'Wall art': {
    de: 'Wandbilder',
    fr: 'Décoration murale',
    it: 'Quadri da parete',
    es: 'Cuadros',
    pt: 'Quadros',
    pl: 'Obrazy na ścianę',
    sl: 'Slike za steno',
    ru: 'Картины на стену',
    uk: 'Картини на стіну',
  },
  'One photo, large, ready to hang.': {
    de: 'Ein Foto, groß, fertig zum Aufhängen.',
    fr: 'Une photo, en grand, prête à accrocher.',
    it: 'Una foto, in grande, pronta da appendere.',
    es: 'Una foto, en grande, lista para colgar.',
    pt: 'Uma foto, em grande, pronta a pendurar.',
    pl: 'Jedno zdjęcie, w dużym formacie, gotowe do powieszenia.',
    sl: 'Ena fotografija, velika, pripravljena za obešanje.',
    ru: 'Одна фотография, крупно, готова к развешиванию.',
    uk: 'Одна фотографія, великим форматом, готова до розвішування.',
  },
  Photobook: {
    de: 'Fotobuch',
    fr: 'Livre photo',
    it: 'Fotolibro',
    es: 'Fotolibro',
    pt: 'Fotolivro',
    pl: 'Fotoksiążka',
    sl: 'Fotoknjiga',
    ru: 'Фотокнига',
    uk: 'Фотокнига',
  },
  'Your event in a book.': {
    de: 'Deine Veranstaltung als Buch.',
    fr: 'Votre événement dans un livre.',
    it: 'Il tuo evento in un libro.',
    es: 'Tu evento en un libro.',
    pt: 'O seu evento num livro.',
    pl: 'Twoje wydarzenie w książce.',
    sl: 'Vaš dogodek v knjigi.',
    ru: 'Ваше мероприятие в книге.',
    uk: 'Ваша подія в книзі.',
  },
  'Photo prints': {
    de: 'Fotoabzüge',
    fr: 'Tirages photo',
    it: 'Stampe fotografiche',
    es: 'Copias fotográficas',
    pt: 'Impressões fotográficas',
    pl: 'Odbitki zdjęć',
    sl: 'Fotografije na papirju',
    ru: 'Фотоотпечатки',
    uk: 'Фотовідбитки',
  },
  'Classic prints on professional photo paper.': {
    de: 'Klassische Abzüge auf professionellem Fotopapier.',
    fr: 'Tirages classiques sur papier photo professionnel.',
    it: 'Stampe classiche su carta fotografica professionale.',
    es: 'Copias clásicas en papel fotográfico profesional.',
    pt: 'Impressões clássicas em papel fotográfico profissional.',
    pl: 'Klasyczne odbitki na profesjonalnym papierze fotograficznym.',
    sl: 'Klasične fotografije na profesionalnem fotografskem papirju.',
    ru: 'Классические отпечатки на профессиональной фотобумаге.',
    uk: 'Класичні відбитки на професійному фотопапері.',
  },
  Canvas: {
    de: 'Leinwand',
    fr: 'Toile',
    it: 'Tela',
    es: 'Lienzo',
    pt: 'Tela',
    pl: 'Płótno',
    sl: 'Platno',
    ru: 'Холст',
    uk: 'Полотно',
  },
  'Printed on canvas and stretched on a wooden frame.': {
    de: 'Auf Leinwand gedruckt und auf einen Holzrahmen gespannt.',
    fr: 'Imprimée sur toile et tendue sur un châssis en bois.',
    it: 'Stampata su tela e montata su telaio in legno.',
    es: 'Impreso en lienzo y montado en un bastidor de madera.',
    pt: 'Impressa em tela e esticada numa moldura de madeira.',
    pl: 'Wydrukowane na płótnie i naciągnięte na drewnianą ramę.',
    sl: 'Natisnjeno na platno in napeto na lesen okvir.',
    ru: 'Печать на холсте, натянутом на деревянный подрамник.',
    uk: 'Друк на полотні, натягнутому на дерев’яний підрамник.',
  },
  [`A4 landscape hardcover book with ${n} of your photos.`]: {
    de: `Hardcover-Buch im A4-Querformat mit ${n} deiner Fotos.`,
    fr: `Livre à couverture rigide A4 à l’italienne avec ${n} de vos photos.`,
    it: `Libro con copertina rigida A4 orizzontale con ${n} delle tue foto.`,
    es: `Libro de tapa dura A4 apaisado con ${n} de tus fotos.`,
    pt: `Livro de capa dura A4 horizontal com ${n} das suas fotos.`,
    pl: `Książka w twardej oprawie A4 w poziomie z ${n} Twoimi zdjęciami.`,
    sl: `Knjiga s trdimi platnicami, A4 ležeče, z ${n} vašimi fotografijami.`,
    ru: `Книга в твёрдой обложке A4, альбомная ориентация, с ${n} вашими фотографиями.`,
    uk: `Книга у твердій обкладинці A4, альбомна орієнтація, з ${n} вашими фотографіями.`,
  },
  Size: {
    de: 'Größe',
    fr: 'Format',
    it: 'Formato',
    es: 'Tamaño',
    pt: 'Tamanho',
    pl: 'Rozmiar',
    sl: 'Velikost',
    ru: 'Размер',
    uk: 'Розмір',
  },
  Finish: {
    de: 'Oberfläche',
    fr: 'Finition',
    it: 'Finitura',
    es: 'Acabado',
    pt: 'Acabamento',
    pl: 'Wykończenie',
    sl: 'Površina',
    ru: 'Поверхность',
    uk: 'Поверхня',
  },
  Format: {
    de: 'Format',
    fr: 'Format',
    it: 'Formato',
    es: 'Formato',
    pt: 'Formato',
    pl: 'Format',
    sl: 'Format',
    ru: 'Формат',
    uk: 'Формат',
  },
  Glossy: {
    de: 'Glänzend',
    fr: 'Brillant',
    it: 'Lucida',
    es: 'Brillo',
    pt: 'Brilhante',
    pl: 'Błyszczący',
    sl: 'Sijajno',
    ru: 'Глянцевая',
    uk: 'Глянцева',
  },
  Matt: {
    de: 'Matt',
    fr: 'Mat',
    it: 'Opaca',
    es: 'Mate',
    pt: 'Mate',
    pl: 'Matowy',
    sl: 'Mat',
    ru: 'Матовая',
    uk: 'Матова',
  },
  'A4 landscape, hardcover': {
    de: 'A4 quer, Hardcover',
    fr: 'A4 à l’italienne, couverture rigide',
    it: 'A4 orizzontale, copertina rigida',
    es: 'A4 apaisado, tapa dura',
    pt: 'A4 horizontal, capa dura',
    pl: 'A4 poziomo, twarda oprawa',
    sl: 'A4 ležeče, trde platnice',
    ru: 'A4 альбомная, твёрдая обложка',
    uk: 'A4 альбомна, тверда обкладинка',
  },
};

/** The translations of a row's texts (field → English text), for the languages that have them. */
export function demoTranslations(fields: Record<string, string | null>): TextTranslations {
  const result: TextTranslations = {};
  for (const [field, english] of Object.entries(fields)) {
    const texts = english ? DEMO_PRINT_TEXTS[english] : undefined;
    if (!texts) continue;
    for (const [language, text] of Object.entries(texts)) {
      result[language] = { ...result[language], [field]: text };
    }
  }
  return result;
}
