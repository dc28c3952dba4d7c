import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The cards' fonts: DejaVu (the `dejavu-fonts-ttf` package), whose glyphs cover Latin with its
 * extensions, Greek and Cyrillic, so an event, organisation or label in any of them prints as
 * written. PDF's built-in fonts read WinAnsi only (Latin-1): "Łódź" came out as garbage.
 * pdfkit embeds only the glyphs a document uses.
 */
export interface CardFonts {
  regular: Buffer;
  bold: Buffer;
  /** The code itself: fixed width, so its groups line up and no character hides in another. */
  mono: Buffer;
}

const FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono-Bold.ttf',
} as const;

let loading: Promise<CardFonts> | null = null;

/** The font files, read once per process (about 1.8 MB) on the first PDF. */
export function cardFonts(): Promise<CardFonts> {
  if (!loading) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    loading = Promise.all([read(FILES.regular), read(FILES.bold), read(FILES.mono)]).then(
      ([regular, bold, mono]) => ({ regular, bold, mono }),
    );
    // a failed read is tried again by the next PDF rather than remembered
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
