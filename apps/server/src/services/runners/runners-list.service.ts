import {
  type listRunnersQuerySchema,
  makePagination,
  type OrganiserRunner,
  type Paginated,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { organiserRunnersRepository } from '../../repositories/organiser-runners.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';

type ListQuery = z.output<typeof listRunnersQuerySchema>;

/**
 * The organiser's list of a race's runners (issue 20): who was imported, their code, how many of
 * their photos are found, and where their "ready" e-mail stands. Names, e-mails and codes are what
 * the codes list shows, so the same role check (`codes.read`); the import needs `codes.manage`.
 */
export function runnersListService(deps: { db: Db }) {
  const access = consoleAccess(deps.db);

  return {
    async list(auth: AuthContext, slug: string, q: ListQuery): Promise<Paginated<OrganiserRunner>> {
      const { event } = await access.event(auth, slug, 'codes.read');
      const page = { limit: q.page_size, offset: (q.page - 1) * q.page_size };
      const { rows, total } = await organiserRunnersRepository(deps.db).page(event.id, q.search, page);
      return {
        results: rows.map(({ runner: r, code, importedAt, photos }) => ({
          id: r.id,
          bib: r.bib,
          first_name: r.firstName,
          last_name: r.lastName,
          email: r.email,
          language: r.language,
          code,
          imported_at: importedAt.toISOString(),
          photos,
          ready_queued_at: r.readyNotifiedAt?.toISOString() ?? null,
          ready_sent_at: r.readyMailedAt?.toISOString() ?? null,
          opted_out_at: r.optedOutAt?.toISOString() ?? null,
        })),
        pagination: makePagination(total, q.page, q.page_size),
      };
    },
  };
}
export type RunnersListService = ReturnType<typeof runnersListService>;
