import type { Readable } from 'node:stream';
import { formatPicacode } from '@fotodrop/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export type CardLayout = 'a6' | 'a4';

export interface CardBranding {
  organisation: string;
  event: string;
  /** The site's host the code can be typed on (`lakeside.example.com`). */
  site: string;
  /** The organisation's colours (`#rrggbb`), when its branding sets them. */
  primary: string | null;
  primaryContrast: string | null;
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
const instruction = (site: string) => `Scan the QR code, or enter this code at ${site}, to see your photos.`;

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

/** One card in `box`: a colour band with the organisation and event, the QR, the code, a line of help. */
function drawCard(doc: PDFKit.PDFDocument, box: Box, card: CodeCard, brand: CardBranding): void {
  const primary = brand.primary && HEX.test(brand.primary) ? brand.primary : DEFAULT_PRIMARY;
  const contrast =
    brand.primaryContrast && HEX.test(brand.primaryContrast) ? brand.primaryContrast : DEFAULT_CONTRAST;
  const pad = 6 * MM;
  const inner = box.width - 2 * pad;
  const band = Math.min(22 * MM, box.height * 0.24);
  doc.save().rect(box.x, box.y, box.width, band).fill(primary).restore();
  doc
    .fillColor(contrast)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(brand.organisation, box.x + pad, box.y + band * 0.18, {
      width: inner,
      height: 14,
      ellipsis: true,
      lineBreak: false,
    });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(brand.event, box.x + pad, box.y + band * 0.55, {
      width: inner,
      height: 13,
      ellipsis: true,
      lineBreak: false,
    });
  doc.fillColor('#000000');
  const body = { y: box.y + band + pad / 2, height: box.height - band - pad };
  const codeText = formatPicacode(card.code);
  if (box.width > box.height) {
    // wide card (A4 sheet): QR on the left, text on the right
    const qr = Math.min(body.height, box.width * 0.42);
    drawQr(doc, card.link, box.x + pad / 2, body.y, qr);
    const textX = box.x + qr + pad;
    const textWidth = box.x + box.width - pad - textX;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text('Your photo album code', textX, body.y + 4, { width: textWidth });
    doc
      .font('Courier-Bold')
      .fontSize(fitCode(doc, codeText, textWidth, 20))
      .text(codeText, textX, body.y + 16, { width: textWidth, lineBreak: false });
    if (card.label)
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(card.label, textX, body.y + 44, {
          width: textWidth,
          height: 11,
          ellipsis: true,
          lineBreak: false,
        });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .text(instruction(brand.site), textX, body.y + 60, { width: textWidth });
  } else {
    // tall card (A6): everything centred, one above the other
    const qr = Math.min(inner * 0.8, body.height * 0.55);
    drawQr(doc, card.link, box.x + (box.width - qr) / 2, body.y, qr);
    let y = body.y + qr + 6;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('Your photo album code', box.x + pad, y, { width: inner, align: 'center' });
    y += 14;
    doc
      .font('Courier-Bold')
      .fontSize(fitCode(doc, codeText, inner, 26))
      .text(codeText, box.x + pad, y, { width: inner, align: 'center', lineBreak: false });
    y += 32;
    if (card.label) {
      doc
        .font('Helvetica')
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
      .font('Helvetica')
      .fontSize(8)
      .text(instruction(brand.site), box.x + pad, y, { width: inner, align: 'center' });
  }
}

/** The largest size up to `max` at which the code fits on one line of `width`. */
function fitCode(doc: PDFKit.PDFDocument, text: string, width: number, max: number): number {
  doc.font('Courier-Bold').fontSize(max);
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
 * with cut lines. Nothing is fetched: the branding is the organisation's name and colours.
 */
export function codeCardsPdf(input: {
  layout: CardLayout;
  branding: CardBranding;
  cards: CodeCard[];
}): Readable {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: `${input.branding.event} album codes`, Creator: 'Fotodrop', Producer: 'Fotodrop' },
  });
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
