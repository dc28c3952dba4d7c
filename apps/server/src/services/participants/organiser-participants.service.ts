import {
  type listCheckinsQuerySchema,
  type listSupportRequestsQuerySchema,
  makePagination,
  type OrganiserCheckin,
  type OrganiserSupportRequest,
  type Paginated,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { organiserParticipantsRepository } from '../../repositories/organiser-participants.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';

type CheckinsQuery = z.output<typeof listCheckinsQuerySchema>;
type RequestsQuery = z.output<typeof listSupportRequestsQuerySchema>;

const screenshotNotFound = () => new NotFoundError('Screenshot not found.');

/**
 * What support needs to answer a participant (issue 18, role "support"): the event's albums and
 * the organisation's support requests. Reading only; every call passes the console's role check
 * (`orders.read`: owners, managers and support).
 */
export function organiserParticipantsService(deps: { db: Db; storage: Storage }) {
  const access = consoleAccess(deps.db);
  const repo = () => organiserParticipantsRepository(deps.db);

  return {
    async checkins(auth: AuthContext, slug: string, q: CheckinsQuery): Promise<Paginated<OrganiserCheckin>> {
      const { event } = await access.event(auth, slug, 'orders.read');
      const page = { limit: q.page_size, offset: (q.page - 1) * q.page_size };
      const { rows, total } = await repo().checkins(event.id, { search: q.search, status: q.status }, page);
      return {
        results: rows.map((r) => ({
          id: r.checkin.id,
          // an album opened without an account belongs to a placeholder user with no real address
          email: r.isAnonymous ? null : r.email,
          first_name: r.firstName,
          last_name: r.lastName,
          code: r.code,
          code_label: r.codeLabel,
          status: r.checkin.status,
          pending_step: r.checkin.pendingStep,
          source: r.checkin.source,
          form_answers: r.checkin.formAnswers ?? {},
          start_of_stay: r.checkin.startOfStay,
          end_of_stay: r.checkin.endOfStay,
          face_search: r.checkin.faceInferenceStatus,
          created_at: r.checkin.createdAt.toISOString(),
          completed_at: r.checkin.completedAt?.toISOString() ?? null,
        })),
        pagination: makePagination(total, q.page, q.page_size),
      };
    },

    async supportRequests(
      auth: AuthContext,
      organisationId: number,
      q: RequestsQuery,
    ): Promise<Paginated<OrganiserSupportRequest>> {
      await access.organisation(auth, organisationId, 'orders.read');
      const event = q.event ? await repo().eventOf(organisationId, q.event) : undefined;
      const page = { limit: q.page_size, offset: (q.page - 1) * q.page_size };
      // an unknown event (or another organisation's) filters everything out, as an empty search does
      if (q.event && !event) return { results: [], pagination: makePagination(0, q.page, q.page_size) };
      const { rows, total } = await repo().supportRequests(
        organisationId,
        { search: q.search, photoServiceId: event?.id },
        page,
      );
      return {
        results: rows.map(({ request: r, eventSlug, eventName }) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          answer_by: r.answerBy,
          name: r.name,
          email: r.email,
          picacode: r.picacode,
          category: r.category,
          subject: r.subject,
          message: r.message,
          language: r.language,
          event: eventSlug && eventName ? { slug: eventSlug, name: eventName } : null,
          has_screenshot: r.screenshotKey !== null,
        })),
        pagination: makePagination(total, q.page, q.page_size),
      };
    },

    /** The JPEG bytes of a request's screenshot. */
    async screenshot(auth: AuthContext, organisationId: number, requestId: number): Promise<Buffer> {
      await access.organisation(auth, organisationId, 'orders.read');
      const request = await repo().supportRequest(organisationId, requestId);
      if (!request?.screenshotKey) throw screenshotNotFound();
      const bytes = await deps.storage.get(request.screenshotKey);
      if (!bytes) throw screenshotNotFound();
      return bytes;
    },
  };
}
