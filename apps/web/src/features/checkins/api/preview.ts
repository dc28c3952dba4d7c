import { accountEndpoints } from '@fotodrop/contract/api/accounts';
import type { PreviewResponse } from '@fotodrop/contract/api/checkin-schemas';
import { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { MARKETING_CHECK_SERVICE_ID } from '@fotodrop/contract/constants';
import { ErrorCode } from '@fotodrop/contract/errors';
import {
  type EmbeddedPreview,
  hasPreviewQuery,
  PREVIEW_DATA_ELEMENT_ID,
  previewCallQuery,
  sameQuery,
} from '@fotodrop/contract/rules/preview-link';
import { apiUrl } from '../../../shared/api/base';
import { callEndpoint } from '../../../shared/api/client';
import { isApiError, toApiError } from '../../../shared/api/errors';
import { paths, safeNext } from '../../../shared/config/paths';
import { useAppStore } from '../../../shared/store/app-store';
import { writeItem } from '../../../shared/store/safe-storage';
import { preloadImages } from '../../../shared/utils/preload-images';
import { createCheckin } from './create-checkin';
import { takeLinkedCheckin } from './early-album';

/**
 * decision: what a partner app's /preview?accessToken= link records. No cookie banner or webview
 * layout exists yet; these items say "all cookies accepted" and "running inside an app's webview"
 * for the features that will read them. The keys belong in shared/store/storage-keys.ts.
 */
export const PREVIEW_STORAGE_KEYS = {
  /** localStorage: the cookie choice; 'all' after a partner link. */
  cookieConsent: 'cookie_consent',
  /** sessionStorage: 'webview' when the site runs inside a partner app. */
  environment: 'environment',
} as const;

/**
 * The preview call's answer the server put in the page for its link (issue 20), taken once: the
 * element goes with it, so a later preview in this page calls the API. Null when the page has
 * none, or one for another query.
 */
function takeEmbeddedPreview(query: Record<string, string>): EmbeddedPreview | null {
  const element = document.getElementById(PREVIEW_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? '');
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const embedded = data as Partial<EmbeddedPreview>;
  if (typeof embedded.status !== 'number' || !embedded.query || typeof embedded.query !== 'object')
    return null;
  return sameQuery(embedded.query, query) ? (embedded as EmbeddedPreview) : null;
}

/**
 * GET /v2/photos-preview/ with the link's own query (less the access token and the redirect
 * target); on the page's first load, the answer the server already made for it, success or refusal:
 * the server counted that guess, a call of our own would count a second.
 */
export async function loadPreview(query: URLSearchParams): Promise<PreviewResponse> {
  const forwarded = previewCallQuery(query);
  const embedded = takeEmbeddedPreview(forwarded);
  if (!embedded) return callEndpoint(checkinEndpoints.photosPreview, { query: forwarded });
  if (embedded.status >= 200 && embedded.status < 300) return embedded.body as PreviewResponse;
  const err =
    embedded.body && typeof embedded.body === 'object' ? (embedded.body as Record<string, unknown>) : {};
  throw toApiError({
    url: apiUrl(checkinEndpoints.photosPreview.path, forwarded),
    status: embedded.status,
    code: typeof err.code === 'string' ? err.code : `http_${embedded.status}`,
    message: typeof err.message === 'string' ? err.message : '',
    data: err.data,
    body: embedded.body,
  });
}

/**
 * Keeps what the check-in that follows needs (entry spec §2): picacode, source, tags, the
 * marketing-check flag (service 2394), the disable-social-login flag, stay dates, the redirect
 * target (a path of this site only) and the campaign with its expiry.
 */
export function rememberPreview(preview: PreviewResponse, query: URLSearchParams): void {
  const store = useAppStore.getState();
  const redirect = query.get('redirect');
  store.setPreview({
    isPreviewCheckin: true,
    autoCheckinPicacode: preview.picacode ?? query.get('picacode') ?? null,
    source: preview.source,
    tags: preview.tags,
    marketingCheck: preview.pica_service_id === MARKETING_CHECK_SERVICE_ID,
    disableSocialLogin: preview.disable_social_login,
    stay:
      preview.start_of_stay || preview.end_of_stay
        ? { start: preview.start_of_stay, end: preview.end_of_stay }
        : null,
    redirect: redirect ? safeNext(redirect, '') || null : null,
  });
  if (preview.campaign_code) {
    store.setCampaign({
      campaign_code: preview.campaign_code,
      campaign_expires_at: preview.campaign_expires_at,
    });
  }
}

/** A partner app's link: all cookies accepted, webview environment, then the partner token becomes an API token. */
export async function partnerLogin(accessToken: string): Promise<void> {
  writeItem('local', PREVIEW_STORAGE_KEYS.cookieConsent, 'all');
  writeItem('session', PREVIEW_STORAGE_KEYS.environment, 'webview');
  const { access_token, token_type } = await callEndpoint(accountEndpoints.partnerConvertToken, {
    body: { access_token: accessToken },
  });
  useAppStore.getState().setAuth(access_token, token_type);
}

/** Where /preview goes after loading: a screen of this site, another site, or the preview itself. */
export type PreviewResult =
  | { kind: 'go'; to: string }
  | { kind: 'leave'; url: string }
  | { kind: 'show'; preview: PreviewResponse }
  /**
   * Refused where the visitor is: too many wrong album codes (the answer says how long to wait), or
   * a wrong code of a visitor, who has no album list to go back to (issue 17).
   */
  | { kind: 'refused'; error: unknown };

/**
 * A link without an album to preview (no code, or half of ep/ps) has nothing to load: instead of
 * the check-in error screen, which needs a login, it opens where a code is entered — the albums
 * for a logged-in user, the home page for a visitor (decision, issue 8). A logged-in user's half
 * link that names a code (`pc` without `ps`) opens that album (issue 17).
 */
function codeEntry(query: URLSearchParams): PreviewResult {
  if (!useAppStore.getState().token) return { kind: 'go', to: paths.home.getHref() };
  const picacode = query.get('pc')?.trim() || undefined;
  return { kind: 'go', to: paths.checkins.getHref({ picacode }) };
}

/**
 * A campaign's shareable link names no album (`/preview?campaign_code=…&campaign_expires_at=…`,
 * issue 19): the campaign is kept for the checkout all the same, which the server checks again.
 */
function rememberLinkCampaign(query: URLSearchParams): void {
  const code = query.get('campaign_code')?.trim();
  if (!code) return;
  useAppStore
    .getState()
    .setCampaign({ campaign_code: code, campaign_expires_at: query.get('campaign_expires_at') || null });
}

/** The /preview sequence of entry spec §2, in order. */
export async function runPreview(query: URLSearchParams): Promise<PreviewResult> {
  const accessToken = query.get('accessToken');
  const checkinError: PreviewResult = { kind: 'go', to: paths.checkinError.getHref() };
  let preview: PreviewResponse | null = null;
  if (hasPreviewQuery(query)) {
    try {
      preview = await loadPreview(query);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.rateLimited) return { kind: 'refused', error };
      const visitor = !useAppStore.getState().token && !accessToken;
      if (visitor && isApiError(error) && error.status >= 400 && error.status < 500)
        return { kind: 'refused', error };
      return checkinError;
    }
    rememberPreview(preview, query);
  } else if (!accessToken) {
    rememberLinkCampaign(query);
    return codeEntry(query);
  }
  if (accessToken) {
    try {
      await partnerLogin(accessToken);
      return { kind: 'go', to: paths.checkins.getHref() };
    } catch {
      return { kind: 'go', to: paths.home.getHref() };
    }
  }
  if (!preview) return checkinError;
  if (preview.sso_url) return { kind: 'leave', url: preview.sso_url };
  if (useAppStore.getState().token) return openLinkedAlbum();
  return { kind: 'show', preview };
}

/**
 * A logged-in runner's link (issue 20): what /checkins would do with the remembered code (create
 * the check-in, or find it there already, then open it) done here in one call that also brings the
 * album with its first page, so the album opens from the cache without the list screen, its chunks
 * and the lookup by code in between. A redirect target, the marketing consent the list screen asks
 * for, a further step, or a failure: the list screen, as before (it submits the code itself).
 */
async function openLinkedAlbum(): Promise<PreviewResult> {
  const albums: PreviewResult = { kind: 'go', to: paths.checkins.getHref() };
  const store = useAppStore.getState();
  const remembered = store.preview;
  const code = remembered?.autoCheckinPicacode;
  if (!remembered || !code || remembered.redirect || remembered.marketingCheck) return albums;
  try {
    const [outcome, queries] = await Promise.all([
      // the page's start made the call already when it could tell this would follow (early-link.ts)
      createCheckin(code, { includeAlbum: true, started: takeLinkedCheckin(code) }),
      import('./checkin-queries'),
    ]);
    if ((outcome.kind !== 'created' && outcome.kind !== 'exists') || !outcome.album) return albums;
    queries.seedAlbum(outcome.album);
    if (outcome.kind === 'created') void queries.resetCheckinList();
    // used, as the list screen uses it: coming back to /checkins does not submit it again
    store.setPreview({ ...remembered, autoCheckinPicacode: null });
    return { kind: 'go', to: paths.checkin.getHref(outcome.album.picacode) };
  } catch {
    return albums;
  }
}

let started: { search: string; result: Promise<PreviewResult> } | null = null;

/** Rows of two on a phone: the first two rows load at once, with high priority (issue 20). */
export const FIRST_SCREEN_PHOTOS = 4;

/**
 * The route's loader starts the /preview sequence of a link before the screen renders; a preview
 * to show starts its first photos' downloads as soon as it arrives, while the screen renders.
 */
export function startPreview(query: URLSearchParams): void {
  const result = runPreview(query);
  void result.then((r) => {
    if (r.kind === 'show')
      preloadImages(r.preview.photos.slice(0, FIRST_SCREEN_PHOTOS).map((p) => p.thumbnail_url));
  });
  started = { search: query.toString(), result };
}

/** The screen takes the run its loader started for this link (one call), or starts one. */
export function takePreview(query: URLSearchParams): Promise<PreviewResult> {
  const run = started?.search === query.toString() ? started.result : runPreview(query);
  started = null;
  return run;
}
