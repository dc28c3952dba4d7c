/**
 * Names of downloaded files, as a person finds them in their Downloads folder: the event's name
 * and the medium's id (`Alpine Run 2026_1234.jpg`), an album zip named after its event and code.
 * The names are put into signed links, so they are made here only, from the database's values.
 *
 * decision: the event name and the medium id, not the photographer's camera file name
 * (`DSC_0042.JPG` says nothing to a participant and repeats across cameras); the id makes each
 * name unique within an album zip and matches what the album shows.
 */
import type { MediaType } from '@fotodrop/contract';

/** Characters no common file system takes in a name, control characters, and quotes. */
const UNSAFE = /[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu;
const MAX_BASE_LENGTH = 80;

/** A file-name-safe form of `text`: unsafe characters become spaces, runs of spaces one, trimmed. */
export function safeNamePart(text: string, fallback = 'Fotodrop'): string {
  const cleaned = text
    .normalize('NFC')
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // A name may not end with a dot or start with one (hidden on Unix, refused on Windows).
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const cut = [...cleaned].slice(0, MAX_BASE_LENGTH).join('').trim();
  return cut === '' ? fallback : cut;
}

/** The extension of what a download serves: the original photo, or a video's MP4 rendition. */
export const downloadExtension = (type: MediaType): 'jpg' | 'mp4' => (type === 'video' ? 'mp4' : 'jpg');

/** `<event name>_<media id>.<ext>`: one medium's download, and its entry in an album zip. */
export function mediaDownloadName(eventName: string, mediaId: number, type: MediaType): string {
  return `${safeNamePart(eventName)}_${mediaId}.${downloadExtension(type)}`;
}

/** `<event name>_<album code>.zip`: two albums of one event differ by their codes. */
export function albumZipName(eventName: string, picacode: string): string {
  return `${safeNamePart(eventName)}_${safeNamePart(picacode, 'album')}.zip`;
}

/**
 * `attachment` with the name for every browser (RFC 6266): `filename` in plain ASCII for old
 * clients (accents dropped, other characters `_`), `filename*` in UTF-8 (RFC 5987) for the rest.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** RFC 5987 `value-chars`: percent-encoded UTF-8, `attr-char` left as is. */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
