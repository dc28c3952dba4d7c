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
  | { kind: 'link'; label: string; url: string };

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

function htmlOf(block: MailBlock): string {
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
      return `<p><a href="${escapeHtml(block.url)}">${escapeHtml(block.label)}</a></p>`;
  }
}

/**
 * One e-mail from its blocks: the plain text (blocks apart by a blank line) and the HTML say the
 * same, every user-given text escaped in the HTML.
 */
export function renderMail(to: string, subject: string, blocks: readonly MailBlock[]): MailMessage {
  return {
    to,
    subject,
    text: blocks.map(textOf).join('\n\n'),
    html: blocks.map(htmlOf).join(''),
  };
}
