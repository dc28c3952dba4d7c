import type { Readable } from 'node:stream';
import { formatPicacode, type Language } from '@fotodrop/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CardFonts } from './code-cards-fonts';
import type { CardTexts } from './code-cards-texts';

export type CardLayout = 'a6' | 'a4';

export interface CardBranding {
  organisation: string;
  event: string;
  /** The site's host the code can be typed on (`lakeside.example.com`). */
  site: string;
  /** The organisation's colours (`#rrggbb`), when its branding sets them. */
  primary: string | null;
  primaryContrast: string | null;
  /** The organisation's logo, or null: its name is printed instead. */
  logo: CardLogo | null;
  /** The language the cards speak, and its texts. */
  language: Language;
  texts: CardTexts;
}

/**
 * A logo as PNG in a `data:` URI: pdfkit keeps an image given by a string once per document, so
 * a thousand cards embed it once. Its size in pixels gives its shape.
 */
export interface CardLogo {
  src: string;
  width: number;
  height: number;
}

export interface CodeCard {
  code: string;
  label: string | null;
  /** The preview link the QR holds. */
  link: string;
}

/** PDF points per millimetre. */
const MM = 72 / 25.4;
const A6 = { width: 105 * MM, height: 148 * MM };
const A4 = { width: 210 * MM, height: 297 * MM };
/** Eight cards per A4 sheet: two columns, four rows (each 105 × 74.25 mm). */
const A4_COLUMNS = 2;
const A4_ROWS = 4;
const DEFAULT_PRIMARY = '#1f2937';
const DEFAULT_CONTRAST = '#ffffff';
const HEX = /^#[0-9a-f]{6}$/i;
/** Buffered PDF bytes before drawing waits for the client to read. */
const HIGH_WATER = 1024 * 1024;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The QR of `text` drawn as vector squares: sharp at any print size and small in the file. Error
 * correction M survives a scuffed card; the quiet zone is the card's own white space.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000').restore();
}

/** Font names registered on each document (`registerFonts`). */
const SANS = 'card-sans';
const BOLD = 'card-bold';
const MONO = 'card-mono';

/**
 * The band across the card's top in the organisation's colour. With a logo: the logo on a white
 * plate (logos are made for the site's white header, not for any band colour) and the event
 * beside it; without: the organisation's name and the event as text.
 */
function drawBand(doc: PDFKit.PDFDocument, box: Box, band: number, brand: CardBranding): void {
  const primary = brand.primary && HEX.test(brand.primary) ? brand.primary : DEFAULT_PRIMARY;
  const contrast =
    brand.primaryContrast && HEX.test(brand.primaryContrast) ? brand.primaryContrast : DEFAULT_CONTRAST;
  const pad = 6 * MM;
  const inner = box.width - 2 * pad;
  doc.save().rect(box.x, box.y, box.width, band).fill(primary).restore();
  doc.fillColor(contrast);
  if (brand.logo) {
    const inset = band * 0.16;
    const plate = { height: band - 2 * inset, space: 1.5 * MM };
    const fit = {
      width: Math.min(inner * 0.5, (plate.height - 2 * plate.space) * (brand.logo.width / brand.logo.height)),
      height: plate.height - 2 * plate.space,
    };
    const scale = Math.min(fit.width / brand.logo.width, fit.height / brand.logo.height);
    const logo = { width: brand.logo.width * scale, height: brand.logo.height * scale };
    const plateWidth = logo.width + 2 * plate.space;
    doc
      .save()
      .roundedRect(box.x + pad, box.y + inset, plateWidth, plate.height, 1.5 * MM)
      .fill('#ffffff')
      .restore();
    doc.image(brand.logo.src, box.x + pad + plate.space, box.y + (band - logo.height) / 2, logo);
    const textX = box.x + pad + plateWidth + pad / 2;
    const textWidth = box.x + box.width - pad - textX;
    doc.font(BOLD).fontSize(10);
    // one line when the name fits, else two, centred in the band either way
    const lines = doc.widthOfString(brand.event) <= textWidth ? 1 : 2;
    const lineHeight = doc.currentLineHeight(true);
    doc.text(brand.event, textX, box.y + (band - lines * lineHeight) / 2, {
      width: textWidth,
      height: lines * lineHeight,
      ellipsis: true,
    });
  } else {
    doc
      .font(BOLD)
      .fontSize(11)
      .text(brand.organisation, box.x + pad, box.y + band * 0.18, {
        width: inner,
        height: 14,
        ellipsis: true,
        lineBreak: false,
      });
    doc
      .font(SANS)
      .fontSize(10)
      .text(brand.event, box.x + pad, box.y + band * 0.55, {
        width: inner,
        height: 13,
        ellipsis: true,
        lineBreak: false,
      });
  }
  doc.fillColor('#000000');
}

/** One card in `box`: the band, the QR, the code, the label and a line of help in the card's language. */
function drawCard(doc: PDFKit.PDFDocument, box: Box, card: CodeCard, brand: CardBranding): void {
  const pad = 6 * MM;
  const inner = box.width - 2 * pad;
  const band = Math.min(22 * MM, box.height * 0.24);
  drawBand(doc, box, band, brand);
  const body = { y: box.y + band + pad / 2, height: box.height - band - pad };
  const codeText = formatPicacode(card.code);
  const { texts } = brand;
  if (box.width > box.height) {
    // wide card (A4 sheet): QR on the left, text on the right
    const qr = Math.min(body.height, box.width * 0.42);
    drawQr(doc, card.link, box.x + pad / 2, body.y, qr);
    const textX = box.x + qr + pad;
    const textWidth = box.x + box.width - pad - textX;
    doc
      .font(SANS)
      .fontSize(8)
      .text(texts.code, textX, body.y + 4, { width: textWidth });
    doc
      .font(MONO)
      .fontSize(fitCode(doc, codeText, textWidth, 20))
      .text(codeText, textX, body.y + 16, { width: textWidth, lineBreak: false });
    if (card.label)
      doc
        .font(SANS)
        .fontSize(8)
        .text(card.label, textX, body.y + 44, {
          width: textWidth,
          height: 11,
          ellipsis: true,
          lineBreak: false,
        });
    doc
      .font(SANS)
      .fontSize(7.5)
      .text(texts.instruction(brand.site), textX, body.y + 60, { width: textWidth });
  } else {
    // tall card (A6): everything centred, one above the other
    const qr = Math.min(inner * 0.85, body.height * 0.62);
    drawQr(doc, card.link, box.x + (box.width - qr) / 2, body.y, qr);
    let y = body.y + qr + 6;
    doc
      .font(SANS)
      .fontSize(9)
      .text(texts.code, box.x + pad, y, { width: inner, align: 'center' });
    y += 14;
    doc
      .font(MONO)
      .fontSize(fitCode(doc, codeText, inner, 26))
      .text(codeText, box.x + pad, y, { width: inner, align: 'center', lineBreak: false });
    y += 32;
    if (card.label) {
      doc
        .font(SANS)
        .fontSize(9)
        .text(card.label, box.x + pad, y, {
          width: inner,
          align: 'center',
          height: 12,
          ellipsis: true,
          lineBreak: false,
        });
      y += 14;
    }
    doc
      .font(SANS)
      .fontSize(8)
      .text(texts.instruction(brand.site), box.x + pad, y, { width: inner, align: 'center' });
  }
}

/** The largest size up to `max` at which the code fits on one line of `width`. */
function fitCode(doc: PDFKit.PDFDocument, text: string, width: number, max: number): number {
  doc.font(MONO).fontSize(max);
  const at = doc.widthOfString(text);
  return at <= width ? max : Math.floor((max * width) / at);
}

/** Thin grey guides between the cards of an A4 sheet, to cut along. */
function drawCutLines(doc: PDFKit.PDFDocument): void {
  doc.save().lineWidth(0.3).strokeColor('#bbbbbb').dash(3, { space: 3 });
  for (let c = 1; c < A4_COLUMNS; c++)
    doc
      .moveTo((A4.width / A4_COLUMNS) * c, 0)
      .lineTo((A4.width / A4_COLUMNS) * c, A4.height)
      .stroke();
  for (let r = 1; r < A4_ROWS; r++)
    doc
      .moveTo(0, (A4.height / A4_ROWS) * r)
      .lineTo(A4.width, (A4.height / A4_ROWS) * r)
      .stroke();
  doc.undash().restore();
}

/** Waits while the reader is behind, so thousands of cards never pile up in memory. */
async function readerCaughtUp(doc: PDFKit.PDFDocument): Promise<void> {
  while (doc.readableLength > HIGH_WATER && !doc.destroyed) await new Promise((r) => setTimeout(r, 5));
}

/**
 * The cards as a PDF stream, drawn while it is read: A6 one card per page, or eight per A4 sheet
 * with cut lines. Nothing is fetched: the branding (name, colours, logo), texts and fonts come in.
 */
export function codeCardsPdf(input: {
  layout: CardLayout;
  branding: CardBranding;
  fonts: CardFonts;
  cards: CodeCard[];
}): Readable {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    lang: input.branding.language,
    info: {
      Title: input.branding.texts.title(input.branding.event),
      Creator: 'Fotodrop',
      Producer: 'Fotodrop',
    },
  });
  doc.registerFont(SANS, input.fonts.regular);
  doc.registerFont(BOLD, input.fonts.bold);
  doc.registerFont(MONO, input.fonts.mono);
  const perPage = input.layout === 'a4' ? A4_COLUMNS * A4_ROWS : 1;
  const page = input.layout === 'a4' ? A4 : A6;
  const cell = {
    width: page.width / (input.layout === 'a4' ? A4_COLUMNS : 1),
    height: page.height / (input.layout === 'a4' ? A4_ROWS : 1),
  };
  const draw = async () => {
    for (let i = 0; i < input.cards.length; i++) {
      const slot = i % perPage;
      if (slot === 0) {
        await readerCaughtUp(doc);
        if (doc.destroyed) return;
        doc.addPage({ size: [page.width, page.height], margin: 0 });
        if (input.layout === 'a4') drawCutLines(doc);
      }
      const box = {
        x: (slot % A4_COLUMNS) * cell.width * (perPage > 1 ? 1 : 0),
        y: Math.floor(slot / A4_COLUMNS) * cell.height,
        width: cell.width,
        height: cell.height,
      };
      drawCard(doc, box, input.cards[i]!, input.branding);
    }
    doc.end();
  };
  draw().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
