// What ensure-debian-packages.mjs installs, as pure rules (tested in apps/server/test/debian-packages.test.ts).

/** Each tool: the file that proves it is there, and the packages it needs (each checked on its own). */
export const TOOLS = {
  chromium: {
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // the fonts the e2e layouts are measured with: a machine whose Chromium came without them
    // falls back to Liberation / DejaVu (issue 17: the album's tab row then overflowed)
    packages: ['chromium', 'fonts-noto-core', 'fonts-noto-color-emoji'],
  },
  ffmpeg: { path: process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg', packages: ['ffmpeg'] },
  /** The reference of `npm run bench:zip`. */
  zip: { path: '/usr/bin/zip', packages: ['zip'] },
  /**
   * Rasterises the album-code cards PDF in its test, whose QRs are then decoded (issue 18); the
   * same package's pdftotext and pdfimages read its text and images.
   */
  pdftoppm: { path: '/usr/bin/pdftoppm', packages: ['poppler-utils'] },
  /** The reference of `npm run bench:faces:indexing`. */
  vipsthumbnail: { path: '/usr/bin/vipsthumbnail', packages: ['libvips-tools'] },
};

/**
 * The Debian packages to install for the wanted tools: every package that is not installed, each
 * asked on its own — not only those of a tool whose file is missing (a Chromium installed without
 * the fonts still needs the fonts). `installed(name)` asks dpkg; `exists(path)` the file system.
 * A tool whose file exists but whose main package dpkg does not know (a Chromium of its own, at
 * CHROMIUM_PATH) installs only its other packages.
 */
export function packagesToInstall(wanted, { exists, installed }) {
  const missing = [];
  for (const name of wanted) {
    const tool = TOOLS[name];
    const [main, ...others] = tool.packages;
    if (!exists(tool.path) && !installed(main)) missing.push(main);
    for (const other of others) if (!installed(other)) missing.push(other);
  }
  return [...new Set(missing)];
}
