import type { CalendarEvent, EventInfo, LiveEvent } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import { OWN_SITE_ID } from '../../seed/demo';
import { toEventInfo } from './checkin-dto';

export function eventsService(deps: { db: Db; now: () => Date }) {
  const repo = () => photoServicesRepository(deps.db);
  const today = () => deps.now().toISOString().slice(0, 10);

  return {
    async bySlug(slug: string): Promise<{ results: EventInfo[] }> {
      const service = await repo().findBySlug(slug);
      // a draft's page does not exist for participants yet (issue 18)
      if (!service || service.status === 'draft') return { results: [] };
      return { results: [toEventInfo(service, await repo().eventWideCode(service.id))] };
    },

    /** Upcoming (not yet ended) events of the organisation the request acts for. */
    async calendar(
      organisationId: number | null,
      from?: string,
      to?: string,
    ): Promise<{ results: CalendarEvent[] }> {
      const rows = await repo().calendar(organisationId ?? OWN_SITE_ID, from ?? today(), to ?? null);
      return {
        results: rows.map((s) => ({
          id: s.id,
          slug: s.slug,
          name: s.name,
          start_date: s.startDate,
          end_date: s.endDate,
          location: s.location,
          cover_url: s.coverUrl,
        })),
      };
    },

    /**
     * The event of the request's site live now (repository `live` says what "live" means); its
     * gallery is the event-wide album when there is one, else the event page.
     */
    async live(organisationId: number | null, slug?: string): Promise<LiveEvent> {
      const now = deps.now();
      const [service] = await repo().live(organisationId ?? OWN_SITE_ID, now, slug ?? null);
      if (!service) throw new NotFoundError('No event is live right now.');
      const code = await repo().eventWideCode(service.id);
      return {
        id: service.id,
        slug: service.slug,
        name: service.name,
        gallery_url: code ? `/checkins?picacode=${encodeURIComponent(code)}` : `/e/${service.slug}`,
        ends_at: (service.liveFrom ? service.liveTo : endOfDay(service.endDate))?.toISOString() ?? null,
      };
    },
  };
}

/** The first instant after a UTC calendar day (`YYYY-MM-DD`). */
function endOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
}
