import { normalizePicacode, type PreviewResponse, type previewQuerySchema } from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { DomainError } from '../../http/errors';
import { previewMediaIds } from '../../repositories/media.repository';
import { organisationsRepository } from '../../repositories/organisations.repository';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import type { CodeGuesser, CodeGuessLimits } from './code-guess-limits';
import { requireOpenEvent } from './event-open';

const PREVIEW_PHOTOS = 8;

/**
 * The preview an organiser's link shows before sign-in. decision: `picacode` or `pc` carry the
 * album code, `ps` or `pica_service` the photo service id it must belong to, `ep` the event slug;
 * `source`, `tags` (comma-separated), `campaign_code` and `campaign_expires_at` pass through so
 * the app keeps them for the check-in.
 */
export function previewService(deps: {
  db: Db;
  thumbnailUrl: (mediaId: number, hidden?: readonly number[]) => string;
  codeGuesses: CodeGuessLimits;
  /** Faces in anonymous mode: a visitor sees every one of them blurred. */
  hiddenFor?: (viewerId: null, mediaIds: number[]) => Promise<Map<number, number[]>>;
}) {
  const invalid = () => new DomainError(400, 'invalid_picacode', 'The code entered is not valid');
  return {
    /** Anonymous, so the one place codes could be tried fastest: every code goes through the limits. */
    async preview(query: z.output<typeof previewQuerySchema>, who: CodeGuesser): Promise<PreviewResponse> {
      const services = photoServicesRepository(deps.db);
      const code = normalizePicacode(query.picacode ?? query.pc ?? '');
      const picacode = code
        ? await deps.codeGuesses.lookUp(who, () => services.findOpenPicacode(code))
        : undefined;
      const service = picacode
        ? await services.findById(picacode.photoServiceId)
        : query.ep
          ? await services.findBySlug(query.ep)
          : undefined;
      if (!service) throw invalid();
      requireOpenEvent(service);
      const serviceId = query.ps ?? query.pica_service;
      if (serviceId && serviceId !== String(service.id)) {
        // A real code with another event's id is as wrong as an unknown code, and counted as one.
        if (picacode) await deps.codeGuesses.recordWrong(who);
        throw invalid();
      }
      const organisation = await organisationsRepository(deps.db).findById(service.organisationId);
      const ids = picacode ? await previewMediaIds(deps.db, picacode.id, PREVIEW_PHOTOS) : [];
      const hidden =
        ids.length > 0 && deps.hiddenFor ? await deps.hiddenFor(null, ids) : new Map<number, number[]>();
      const expires = query.campaign_expires_at ? new Date(query.campaign_expires_at) : null;
      return {
        picacode: picacode?.code ?? null,
        source: query.source ?? null,
        tags: (query.tags ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
          .slice(0, 20),
        disable_social_login: organisation?.disableSocialLogin ?? false,
        start_of_stay: picacode?.startOfStay ?? null,
        end_of_stay: picacode?.endOfStay ?? null,
        campaign_code: query.campaign_code ?? null,
        campaign_expires_at: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : null,
        sso_url: null,
        photos: ids.map((id) => ({ id, thumbnail_url: deps.thumbnailUrl(id, hidden.get(id)) })),
        event_name: service.name,
        experience_type: service.experienceType,
        pica_service_id: service.id,
      };
    },
  };
}
