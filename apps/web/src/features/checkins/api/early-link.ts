import type { accountEndpoints, User } from '@fotodrop/contract/api/accounts';
import type { PreviewResponse } from '@fotodrop/contract/api/checkin-schemas';
import type { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { MARKETING_CHECK_SERVICE_ID, PLATFORM } from '@fotodrop/contract/constants';
import type { ResponseOf } from '@fotodrop/contract/endpoint';
import { accountRoutes, checkinRoutes } from '@fotodrop/contract/routes';
import { normalizePicacode, PICACODE_PATTERN } from '@fotodrop/contract/rules/picacode-text';
import {
  type EmbeddedPreview,
  hasPreviewQuery,
  PREVIEW_DATA_ELEMENT_ID,
  previewCallQuery,
  sameQuery,
} from '@fotodrop/contract/rules/preview-link';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';
import { useAppStore } from '../../../shared/store/app-store';

/**
 * A logged-in runner's e-mail link (`/preview?picacode=…`, issue 20): the check-in that opens the
 * album (`POST /v2/checkins/?include_album=true`) and the login guard's `users/me` start as soon as
 * the app's script has run, beside the preview route's chunks, instead of from the preview's loader
 * once React Router has every one of them (~0.2 s on a quiet machine, ~0.8 s under load). Only
 * when the preview sequence (`runPreview`, `openLinkedAlbum`) is sure to make that same call: the
 * page's embedded preview is a success for this very link, with no partner token, no redirect
 * target, no SSO address and no marketing consent to ask first, and a well-formed code; in every
 * other case nothing starts here and the sequence calls as before. The sequence takes these
 * answers (`takeLinkedCheckin`, `takeEarlyUser`): one POST and one `users/me` per link.
 * Without zod, like the album lookup beside it (this chunk runs before the schemas' chunk).
 */
const routes = endpointRoutes<Pick<typeof checkinEndpoints, 'createCheckin'>>(checkinRoutes);
const userRoutes = endpointRoutes<Pick<typeof accountEndpoints, 'me'>>(accountRoutes);

export type CreateCheckinAnswer = ResponseOf<typeof checkinEndpoints.createCheckin>;

let linked: { code: string; answer: Promise<CreateCheckinAnswer> } | null = null;
let user: Promise<User> | null = null;

/** The page's embedded preview, read without taking it (the preview sequence takes it). */
function peekEmbeddedPreview(): EmbeddedPreview | null {
  const text = document.getElementById(PREVIEW_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' ? (data as EmbeddedPreview) : null;
  } catch {
    return null;
  }
}

/** The code the preview sequence would check in with, when it will; null otherwise. */
function linkedCode(query: URLSearchParams): { code: string; preview: PreviewResponse } | null {
  if (!hasPreviewQuery(query) || query.has('accessToken') || query.has('redirect')) return null;
  const embedded = peekEmbeddedPreview();
  if (!embedded || embedded.status < 200 || embedded.status >= 300 || !embedded.query) return null;
  if (typeof embedded.query !== 'object' || !sameQuery(embedded.query, previewCallQuery(query))) return null;
  const preview = embedded.body as PreviewResponse | null;
  if (!preview || typeof preview !== 'object' || preview.sso_url) return null;
  if (preview.pica_service_id === MARKETING_CHECK_SERVICE_ID) return null;
  const code = normalizePicacode(preview.picacode ?? query.get('picacode') ?? '');
  return PICACODE_PATTERN.test(code) ? { code, preview } : null;
}

/** Starts the check-in and the user of a logged-in runner's link; otherwise nothing. */
export function startLinkedAlbum(pathname: string, search: string): void {
  if (pathname !== '/preview' || linked || !useAppStore.getState().token) return;
  const found = linkedCode(new URLSearchParams(search));
  if (!found) return;
  const { code, preview } = found;
  // as createCheckin keeps it while its call runs
  useAppStore.getState().setPicacodeRecovery(code);
  const answer = callEndpoint(routes.createCheckin, {
    query: { include_album: 'true' },
    body: {
      picacode: code,
      platform: PLATFORM,
      ...(preview.source ? { source: preview.source } : {}),
      ...(preview.tags?.length ? { tags: preview.tags } : {}),
    },
  });
  // the sequence takes the outcome, failures included
  answer.catch(() => undefined);
  linked = { code, answer };
  user = callEndpoint(userRoutes.me, { query: { include_perms: 'true' } });
  user.catch(() => undefined);
  // the album screen's chunks, evaluated meanwhile
  void import('../routes/checkin-detail');
}

/** The check-in started for this code, once; null when none was. */
export function takeLinkedCheckin(code: string): Promise<CreateCheckinAnswer> | null {
  if (!linked || linked.code !== normalizePicacode(code)) return null;
  const { answer } = linked;
  linked = null;
  return answer;
}

/** The `users/me` started with it, once; null when none was. */
export function takeEarlyUser(): Promise<User> | null {
  const started = user;
  user = null;
  return started;
}
