import { describe, expect, it } from 'vitest';
import { albumZipName, attachmentDisposition, mediaDownloadName, safeNamePart } from './download-names';

describe('download names', () => {
  it('names a download after its event and medium', () => {
    expect(mediaDownloadName('Alpine Run 2026', 1234, 'photo')).toBe('Alpine Run 2026_1234.jpg');
    expect(mediaDownloadName('Zürich Relay', 7, 'video')).toBe('Zürich Relay_7.mp4');
    expect(albumZipName('Zürich Relay', 'RELAY77')).toBe('Zürich Relay_RELAY77.zip');
  });

  it('keeps nothing a file system or a header would trip on', () => {
    expect(safeNamePart('../../etc/passwd')).toBe('etc passwd');
    expect(safeNamePart('A "quoted"\r\nname\u0000: part 1/2')).toBe('A quoted name part 1 2');
    expect(safeNamePart('   ')).toBe('Fotodrop');
    expect(safeNamePart('x'.repeat(200))).toHaveLength(80);
  });

  it('gives old browsers an ASCII name and the others the UTF-8 one (RFC 6266, RFC 5987)', () => {
    expect(attachmentDisposition('Alpine Run_1.jpg')).toBe(
      `attachment; filename="Alpine Run_1.jpg"; filename*=UTF-8''Alpine%20Run_1.jpg`,
    );
    expect(attachmentDisposition("Zürich Relay (l'été)_7.jpg")).toBe(
      `attachment; filename="Zurich Relay (l'ete)_7.jpg"; filename*=UTF-8''Z%C3%BCrich%20Relay%20%28l%27%C3%A9t%C3%A9%29_7.jpg`,
    );
    expect(attachmentDisposition('Кубок_3.jpg')).toMatch(
      /^attachment; filename="______3\.jpg"; filename\*=UTF-8''%D0%9A/,
    );
  });
});
