import { randomBytes } from 'node:crypto';
import {
  type ConsoleEvent,
  type createEventBodySchema,
  ErrorCode,
  eventSlugFromBytes,
  type updateEventBodySchema,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { DomainError, ValidationError } from '../../http/errors';
import { isUniqueViolation, organiserEventsRepository } from '../../repositories/organiser-events.repository';
import type { PhotoServiceRow } from '../../repositories/photo-services.repository';
import { teamRepository } from '../../repositories/team.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess, eventNotFound } from '../organisations/console-access';
import { crossFieldErrors, type Locks, settingsToColumns, toConsoleEvent } from './event-settings';

type CreateBody = z.output<typeof createEventBodySchema>;
type UpdateBody = z.output<typeof updateEventBodySchema>;

const slugTaken = () =>
  new ValidationError({ slug: ['slug.taken'] }, 'This address is taken by another event.');
/** How many random slugs a new event tries before giving up (2^32 of them: a clash is rare). */
const SLUG_ATTEMPTS = 5;

/**
 * Events as the organiser console creates and edits them (issue 18): every setting the
 * participant side reads, the lifecycle (draft → published → archived), photographers, and the
 * settings that cannot change any more. Role checks: `consoleAccess` (events.read / events.manage).
 */
export function organiserEventsService(deps: {
  db: Db;
  /** After an event became published (issue 20: its runners whose photos are out are told). */
  onPublished?: (eventId: number) => Promise<void>;
}) {
  const access = () => consoleAccess(deps.db);

  /** Settings that cannot change now, each with the reason the console shows. */
  async function locksOf(db: Queryable, event: PhotoServiceRow): Promise<Locks> {
    const locks: Locks = {};
    if (await organiserEventsRepository(db).hasPaidLine(event.id)) {
      locks.currency =
        `Photos of this event have been sold in ${event.currency}: the currency stays so that ` +
        'orders, refunds and reports add up.';
    }
    // decision (issue 18): a published event's slug is in its links, shared pages and printed
    // cards; it can change only while the event is a draft.
    if (event.status !== 'draft') {
      locks.slug = 'The event has been published: its address is in links and printed cards already.';
    }
    return locks;
  }

  /** Membership ids must be photographers of the event's organisation. */
  async function checkPhotographers(db: Queryable, organisationId: number, ids: number[] | undefined) {
    if (ids === undefined || ids.length === 0) return;
    const found = new Set(await organiserEventsRepository(db).photographerMembers(organisationId, ids));
    if (ids.some((id) => !found.has(id))) {
      throw new ValidationError(
        { photographer_member_ids: ['member.not_photographer'] },
        'Only photographers of the event’s organisation can be assigned to it.',
      );
    }
  }

  async function present(db: Queryable, event: PhotoServiceRow): Promise<ConsoleEvent> {
    const [photographers, locks] = await Promise.all([
      teamRepository(db).photographersOf(event.id),
      locksOf(db, event),
    ]);
    return toConsoleEvent(event, photographers, locks);
  }

  return {
    async create(auth: AuthContext, body: CreateBody): Promise<ConsoleEvent> {
      await access().organisation(auth, body.organisation_id, 'events.manage');
      const { organisation_id, slug, photographer_member_ids, ...settings } = body;
      const columns = settingsToColumns(settings, null);
      const errors = crossFieldErrors({
        startDate: body.start_date,
        endDate: body.end_date,
        liveFrom: columns.liveFrom ?? null,
        liveTo: columns.liveTo ?? null,
        hdAvailableFrom: columns.hdAvailableFrom ?? null,
        hdAvailableTo: columns.hdAvailableTo ?? null,
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      return deps.db.transaction(async (tx) => {
        await checkPhotographers(tx, organisation_id, photographer_member_ids);
        const repo = organiserEventsRepository(tx);
        let created: PhotoServiceRow | undefined;
        for (let i = 0; !created && i < (slug ? 1 : SLUG_ATTEMPTS); i++) {
          created = await repo.insertEvent({
            // decision (issue 18): a new event is a draft unless the organiser publishes it at once.
            status: 'draft',
            ...columns,
            organisationId: organisation_id,
            slug: slug ?? eventSlugFromBytes(randomBytes(4)),
            name: body.name,
            experienceType: body.kind,
            startDate: body.start_date,
            endDate: body.end_date,
          });
        }
        if (!created) throw slugTaken();
        if (created.banner)
          created = await repo.updateEvent(created.id, { banner: { ...created.banner, id: created.id } });
        if (photographer_member_ids?.length) {
          await teamRepository(tx).setPhotographers(created.id, photographer_member_ids);
        }
        return present(tx, created);
      });
    },

    async get(auth: AuthContext, slug: string): Promise<ConsoleEvent> {
      const { event } = await access().event(auth, slug, 'events.read');
      return present(deps.db, event);
    },

    async update(auth: AuthContext, slug: string, body: UpdateBody): Promise<ConsoleEvent> {
      const { event: found } = await access().event(auth, slug, 'events.manage');
      const { photographer_member_ids, slug: newSlug, ...settings } = body;
      let published = false;
      try {
        const answer = await deps.db.transaction(async (tx) => {
          const repo = organiserEventsRepository(tx);
          // the row locked: two edits of one event (or an edit and a sale's check) queue
          const event = await repo.lockEvent(found.id);
          if (!event) throw eventNotFound();
          const changes = settingsToColumns(settings, event.id);
          if (newSlug !== undefined && newSlug !== event.slug) changes.slug = newSlug;
          const locks = await locksOf(tx, event);
          for (const [setting, changed] of [
            ['currency', changes.currency !== undefined && changes.currency !== event.currency],
            ['slug', changes.slug !== undefined],
          ] as const) {
            const reason = locks[setting];
            if (changed && reason) {
              throw new DomainError(409, ErrorCode.settingLocked, `The ${setting} cannot change. ${reason}`, {
                setting,
              });
            }
          }
          const after = { ...event, ...changes } as PhotoServiceRow;
          const errors = crossFieldErrors(after);
          if (Object.keys(errors).length > 0) throw new ValidationError(errors);
          await checkPhotographers(tx, event.organisationId, photographer_member_ids);
          const updated = Object.keys(changes).length > 0 ? await repo.updateEvent(event.id, changes) : event;
          if (photographer_member_ids !== undefined) {
            await teamRepository(tx).setPhotographers(event.id, photographer_member_ids);
          }
          published = event.status !== 'published' && updated.status === 'published';
          return present(tx, updated);
        });
        if (published) await deps.onPublished?.(answer.id);
        return answer;
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },
  };
}
export type OrganiserEventsService = ReturnType<typeof organiserEventsService>;
