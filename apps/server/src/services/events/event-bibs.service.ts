import type { EventBibs } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { organiserBibsRepository } from '../../repositories/organiser-bibs.repository';
import { organiserEventsRepository } from '../../repositories/organiser-events.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess, eventNotFound } from '../organisations/console-access';

/**
 * An event's issued bibs and its recognition switch (issue 20), edited with the event's settings
 * (events.read / events.manage).
 */
export function eventBibsService(deps: {
  db: Db;
  /**
   * Called after the commit when the photos must be read (again): recognition is on and was just
   * turned on, or the issued list changed. The lead wires the reading job's
   * `queueEventBibReading(eventId)` here.
   */
  onBibsSettingsChanged?: (eventId: number) => Promise<void>;
}) {
  const access = () => consoleAccess(deps.db);

  return {
    async get(auth: AuthContext, slug: string): Promise<EventBibs> {
      const { event } = await access().event(auth, slug, 'events.read');
      return {
        numbers: await organiserBibsRepository(deps.db).issued(event.id),
        recognition: event.bibRecognition,
      };
    },

    /** `numbers` come unique and in order from the contract (`bibListSchema`). */
    async put(
      auth: AuthContext,
      slug: string,
      body: { numbers: string[]; recognition: boolean },
    ): Promise<EventBibs> {
      const { event: found } = await access().event(auth, slug, 'events.manage');
      const readAgain = await deps.db.transaction(async (tx) => {
        // the row locked: two saves of one list queue, and the second sees the first's list
        const event = await organiserEventsRepository(tx).lockEvent(found.id);
        if (!event) throw eventNotFound();
        const repo = organiserBibsRepository(tx);
        const changed = await repo.replaceIssued(event.id, body.numbers);
        if (body.recognition !== event.bibRecognition) await repo.setRecognition(event.id, body.recognition);
        return body.recognition && (changed || !event.bibRecognition);
      });
      if (readAgain) await deps.onBibsSettingsChanged?.(found.id);
      return { numbers: body.numbers, recognition: body.recognition };
    },
  };
}
export type EventBibsService = ReturnType<typeof eventBibsService>;
