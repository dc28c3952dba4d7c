import type { Language } from '@fotodrop/contract';
import { isLanguage } from '@fotodrop/contract/languages';
import type { MailMessage } from '../adapters/mail/mailer';
import { escapeHtml } from './escape-html';

/** The texts of a user's language from a table of all ten, English when the language is unknown. */
export function textsFor<T>(table: Record<Language, T>, language: string): T {
  return table[isLanguage(language) ? language : 'en'];
}

/** A part of an e-mail, written once and rendered as both its plain text and its HTML. */
export type MailBlock =
  | { kind: 'paragraph'; text: string; strong?: boolean }
  | { kind: 'heading'; text: string }
  /** Label and value pairs (a receipt's figures, transfer details); `total` rows are bold. */
  | { kind: 'rows'; rows: { label: string; value: string; total?: boolean }[] }
  | { kind: 'lines'; lines: string[] }
  /** `quiet`: a small plain link (an opt-out), never the branded button. */
  | { kind: 'link'; label: string; url: string; quiet?: boolean };

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return block.text;
    case 'rows':
      return block.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
    case 'lines':
      return block.lines.join('\n');
    case 'link':
      return `${block.label}: ${block.url}`;
  }
}

function htmlOf(block: MailBlock, brand?: MailBrand): string {
  switch (block.kind) {
    case 'paragraph':
      return block.strong
        ? `<p><strong>${escapeHtml(block.text)}</strong></p>`
        : `<p>${escapeHtml(block.text)}</p>`;
    case 'heading':
      return `<h3>${escapeHtml(block.text)}</h3>`;
    case 'rows':
      return `<table>${block.rows
        .map((r) => {
          const cell = (text: string) =>
            r.total ? `<strong>${escapeHtml(text)}</strong>` : escapeHtml(text);
          return `<tr><th align="left">${cell(r.label)}</th><td align="right">${cell(r.value)}</td></tr>`;
        })
        .join('')}</table>`;
    case 'lines':
      return `<p>${block.lines.map(escapeHtml).join('<br>')}</p>`;
    case 'link':
      if (block.quiet)
        return `<p style="font-size:13px"><a href="${escapeHtml(block.url)}" style="color:#555">${escapeHtml(block.label)}</a></p>`;
      return brand?.colours
        ? `<p><a href="${escapeHtml(block.url)}" style="${buttonStyle(brand.colours)}">${escapeHtml(block.label)}</a></p>`
        : `<p><a href="${escapeHtml(block.url)}">${escapeHtml(block.label)}</a></p>`;
  }
}

/**
 * One e-mail from its blocks: the plain text (blocks apart by a blank line) and the HTML say the
 * same, every user-given text escaped in the HTML.
 */
export function renderMail(
  to: string,
  subject: string,
  blocks: readonly MailBlock[],
  brand?: MailBrand,
): MailMessage {
  const body = blocks.map((b) => htmlOf(b, brand)).join('');
  return {
    to,
    subject,
    text: blocks.map(textOf).join('\n\n'),
    html: brand ? `${brandHeader(brand)}${body}` : body,
    ...(brand ? { senderName: brand.name } : {}),
  };
}

/**
 * An organiser's branding for the e-mails sent in their name (issue 20's "ready" e-mail): their
 * name as the sender's and at the top, their logo above the text, links as buttons in their colour.
 */
export interface MailBrand {
  name: string;
  /** An absolute http(s) link to a raster logo; none (or an SVG, which mail clients block): the name. */
  logoUrl: string | null;
  colours: { primary: string; primaryContrast: string } | null;
}

const HEX_COLOUR = /^#[0-9a-f]{3,8}$/i;

function buttonStyle(colours: NonNullable<MailBrand['colours']>): string {
  const background = HEX_COLOUR.test(colours.primary) ? colours.primary : '#1d4ed8';
  const text = HEX_COLOUR.test(colours.primaryContrast) ? colours.primaryContrast : '#ffffff';
  return `display:inline-block;padding:10px 18px;border-radius:6px;background:${background};color:${text};text-decoration:none;font-weight:600`;
}

function brandHeader(brand: MailBrand): string {
  const border = brand.colours && HEX_COLOUR.test(brand.colours.primary) ? brand.colours.primary : '#d9dce1';
  const usableLogo =
    brand.logoUrl && /^https?:\/\//.test(brand.logoUrl) && !/\.svg(\?|$)/i.test(brand.logoUrl);
  const inner = usableLogo
    ? `<img src="${escapeHtml(brand.logoUrl!)}" alt="${escapeHtml(brand.name)}" height="40" style="height:40px;max-width:240px">`
    : `<strong style="font-size:18px">${escapeHtml(brand.name)}</strong>`;
  return `<div style="padding:0 0 12px;margin:0 0 16px;border-bottom:3px solid ${border}">${inner}</div>`;
}
