import { type PreviewResponse, previewQuerySchema } from '@fotodrop/contract';
import {
  type EmbeddedPreview,
  hasPreviewQuery,
  PREVIEW_DATA_ELEMENT_ID,
  previewCallQuery,
} from '@fotodrop/contract/rules/preview-link';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError, errorBody } from '../http/errors';
import type { CodeGuesser } from '../services/albums/code-guess-limits';

/** Rows of two on a phone: the preview's first two rows, preloaded with the page (the web app's FIRST_SCREEN_PHOTOS). */
const FIRST_SCREEN_PHOTOS = 4;

/** Data a page of the web app carries for its first render, and the images it preloads. */
export interface PageData {
  id: string;
  value: unknown;
  images: string[];
}

type Preview = (query: z.output<typeof previewQuerySchema>, who: CodeGuesser) => Promise<PreviewResponse>;

/**
 * /preview?picacode=… answered with the preview call's answer in it (issue 20, the runner's first
 * look): the call the app would make once its scripts have run, made by the same service under the
 * same album-code limits while the page is answered, so the first photos download beside the
 * scripts. The app takes this answer, success or refusal, in place of its own call: one page view is
 * one guess. A query the API would refuse before the service (a repeated key, a NUL, a value its
 * schema refuses) carries nothing: the app's own call gets that 400, as before, and counts nothing.
 */
export function previewPageData(preview: Preview) {
  return async (path: string, search: URLSearchParams, request: FastifyRequest): Promise<PageData | null> => {
    if (path.replace(/\/$/, '') !== '/preview' || !hasPreviewQuery(search)) return null;
    const keys = [...search.keys()];
    if (new Set(keys).size !== keys.length) return null;
    const query = previewCallQuery(search);
    if (Object.values(query).some((value) => value.includes('\0'))) return null;
    const parsed = previewQuerySchema.safeParse(query);
    if (!parsed.success) return null;
    // the page's request carries no session: a visitor's guess, counted against the address
    const who: CodeGuesser = { ip: request.ip, userId: null };
    let value: EmbeddedPreview;
    let images: string[] = [];
    try {
      const body = await preview(parsed.data, who);
      value = { query, status: 200, body };
      images = body.photos.slice(0, FIRST_SCREEN_PHOTOS).map((photo) => photo.thumbnail_url);
    } catch (error) {
      // anything but a domain error: the page as before, the app's own call meets it
      if (!(error instanceof DomainError)) {
        request.log.error({ err: error }, 'preview for the page failed');
        return null;
      }
      value = { query, status: error.status, body: errorBody(error) };
    }
    return { id: PREVIEW_DATA_ELEMENT_ID, value, images };
  };
}
