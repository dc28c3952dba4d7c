/**
 * An organiser's preview link (`/preview?picacode=…`, entry spec §2) as both sides read it: the
 * web app calls GET /v2/photos-preview/ with the link's query, and the server answers the link's
 * page with that call's answer already in it (issue 20, the runner's first look). Both must agree
 * on when there is a call to make and with which query, or one page view would count as two
 * guesses of an album code.
 */

/** Query keys of the link that are not sent to the preview call. */
export const PREVIEW_LINK_ONLY_KEYS: readonly string[] = ['accessToken', 'redirect'];

/** The id of the `<script type="application/json">` holding the preview call's answer in the page. */
export const PREVIEW_DATA_ELEMENT_ID = 'fotodrop-preview';

/** What the page carries: the call's query, and its answer (the preview, or the error's body). */
export interface EmbeddedPreview {
  query: Record<string, string>;
  status: number;
  body: unknown;
}

/** A link's query as both sides hold it (a URLSearchParams; the contract has neither DOM nor Node types). */
export interface LinkQuery extends Iterable<[string, string]> {
  get(key: string): string | null;
}

/** (ep or pc) with (ps or pica_service), or a picacode: the preview call needs one of them. */
export function hasPreviewQuery(query: LinkQuery): boolean {
  const has = (key: string) => Boolean(query.get(key));
  return has('picacode') || ((has('ep') || has('pc')) && (has('ps') || has('pica_service')));
}

/** The preview call's query from the link's: every key but the link-only ones (the last of a repeated key). */
export function previewCallQuery(query: LinkQuery): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const [key, value] of query) if (!PREVIEW_LINK_ONLY_KEYS.includes(key)) forwarded[key] = value;
  return forwarded;
}

/** Whether two calls' queries are the same call (the order of the keys aside). */
export function sameQuery(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key])
  );
}
