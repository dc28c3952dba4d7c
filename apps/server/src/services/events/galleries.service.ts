import {
  type ConsoleGallery,
  type createGalleryBodySchema,
  ErrorCode,
  type updateGalleryBodySchema,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { DomainError, NotFoundError, ValidationError } from '../../http/errors';
import {
  type ConsoleGalleryRow,
  organiserEventsRepository,
} from '../../repositories/organiser-events.repository';
import type { GalleryRow } from '../../repositories/photo-services.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';

type CreateBody = z.output<typeof createGalleryBodySchema>;
type UpdateBody = z.output<typeof updateGalleryBodySchema>;

const galleryNotFound = () => new NotFoundError('Gallery not found.');
const toDto = (g: ConsoleGalleryRow): ConsoleGallery => ({
  id: g.id,
  name: g.name,
  parent_id: g.parentId,
  layout: g.layout,
  position: g.position,
  media_count: g.mediaCount,
});

/**
 * An event's gallery tree in the console (issue 18): add, rename, move (same event, never under
 * itself or its own sub-galleries), reorder among siblings, layout, delete (empty, or its media and
 * sub-galleries moved first). Every change runs in one transaction holding the event's row lock, so
 * two moves cannot together make a cycle.
 */
export function galleriesService(deps: { db: Db }) {
  const access = () => consoleAccess(deps.db);

  async function dtoOf(db: Queryable, photoServiceId: number, id: number): Promise<ConsoleGallery> {
    const row = (await organiserEventsRepository(db).galleries(photoServiceId)).find((g) => g.id === id);
    if (!row) throw galleryNotFound();
    return toDto(row);
  }

  /** A parent must be a gallery of the same event (another event's id reads as unknown). */
  async function checkParent(db: Queryable, photoServiceId: number, parentId: number | null) {
    if (parentId === null) return;
    if (!(await organiserEventsRepository(db).gallery(photoServiceId, parentId))) {
      throw new ValidationError(
        { parent_id: ['gallery.invalid'] },
        'The parent gallery is not in this event.',
      );
    }
  }

  /** Renumbers siblings 0…n−1 with `moving` at `at` (the end when null). */
  async function place(
    db: Queryable,
    photoServiceId: number,
    parentId: number | null,
    moving: GalleryRow,
    at: number | null,
  ) {
    const repo = organiserEventsRepository(db);
    const others = (await repo.siblings(photoServiceId, parentId)).filter((g) => g.id !== moving.id);
    const index = Math.min(at ?? others.length, others.length);
    const ordered = [...others.slice(0, index), moving, ...others.slice(index)];
    for (const [position, g] of ordered.entries()) {
      if (g.position !== position || g.id === moving.id) await repo.updateGallery(g.id, { position });
    }
  }

  /** The event (by slug, for `action`) locked for the rest of the transaction. */
  async function lockedEvent(tx: Queryable, photoServiceId: number) {
    if (!(await organiserEventsRepository(tx).lockEvent(photoServiceId))) throw galleryNotFound();
  }

  return {
    async list(auth: AuthContext, slug: string): Promise<{ results: ConsoleGallery[] }> {
      const { event } = await access().event(auth, slug, 'events.read');
      const rows = await organiserEventsRepository(deps.db).galleries(event.id);
      return { results: rows.map(toDto) };
    },

    async create(auth: AuthContext, slug: string, body: CreateBody): Promise<ConsoleGallery> {
      const { event } = await access().event(auth, slug, 'events.manage');
      return deps.db.transaction(async (tx) => {
        await lockedEvent(tx, event.id);
        const parentId = body.parent_id ?? null;
        await checkParent(tx, event.id, parentId);
        const repo = organiserEventsRepository(tx);
        const siblings = await repo.siblings(event.id, parentId);
        const created = await repo.insertGallery({
          photoServiceId: event.id,
          parentId,
          name: body.name,
          layout: body.layout ?? 'h',
          position: siblings.length === 0 ? 0 : Math.max(...siblings.map((g) => g.position)) + 1,
        });
        return dtoOf(tx, event.id, created.id);
      });
    },

    async update(auth: AuthContext, slug: string, id: number, body: UpdateBody): Promise<ConsoleGallery> {
      const { event } = await access().event(auth, slug, 'events.manage');
      return deps.db.transaction(async (tx) => {
        await lockedEvent(tx, event.id);
        const repo = organiserEventsRepository(tx);
        const gallery = await repo.gallery(event.id, id);
        if (!gallery) throw galleryNotFound();
        const parentId = body.parent_id === undefined ? gallery.parentId : body.parent_id;
        if (parentId !== gallery.parentId) {
          await checkParent(tx, event.id, parentId);
          if (parentId !== null && (await repo.ancestry(parentId)).includes(gallery.id)) {
            throw new ValidationError(
              { parent_id: ['gallery.cycle'] },
              'A gallery cannot be moved into itself or one of its sub-galleries.',
            );
          }
        }
        if (body.name !== undefined || body.layout !== undefined) {
          await repo.updateGallery(gallery.id, { name: body.name, layout: body.layout });
        }
        if (parentId !== gallery.parentId || body.position !== undefined) {
          await repo.updateGallery(gallery.id, { parentId });
          await place(tx, event.id, parentId, gallery, body.position ?? null);
          // the siblings it left close the gap
          if (parentId !== gallery.parentId) {
            const left = await repo.siblings(event.id, gallery.parentId);
            for (const [position, g] of left.entries()) {
              if (g.position !== position) await repo.updateGallery(g.id, { position });
            }
          }
        }
        return dtoOf(tx, event.id, gallery.id);
      });
    },

    /**
     * Deletes an empty gallery; with `moveTo` (a gallery of the event, or `event` for the top
     * level) its media and sub-galleries move there first, in the same transaction.
     */
    async remove(
      auth: AuthContext,
      slug: string,
      id: number,
      moveTo: number | 'event' | undefined,
    ): Promise<{ detail: string }> {
      const { event } = await access().event(auth, slug, 'events.manage');
      return deps.db.transaction(async (tx) => {
        await lockedEvent(tx, event.id);
        const repo = organiserEventsRepository(tx);
        const gallery = await repo.gallery(event.id, id);
        if (!gallery) throw galleryNotFound();
        if (moveTo === undefined) {
          const [mediaCount, children] = await Promise.all([repo.mediaCount(id), repo.childCount(id)]);
          if (mediaCount > 0 || children > 0) {
            throw new DomainError(
              409,
              ErrorCode.galleryNotEmpty,
              `“${gallery.name}” holds ${mediaCount} photos or videos and ${children} sub-galleries. ` +
                'Move them elsewhere first, or choose where they go when deleting (move_to).',
              { media: mediaCount, galleries: children },
            );
          }
        } else {
          const target = moveTo === 'event' ? null : moveTo;
          if (target !== null) {
            const fail = () =>
              new ValidationError({ move_to: ['gallery.invalid'] }, 'Choose another gallery of this event.');
            if (target === id || !(await repo.gallery(event.id, target))) throw fail();
            // a sub-gallery of the one deleted would lose its own parent on the way
            if ((await repo.ancestry(target)).includes(id)) throw fail();
          }
          await repo.emptyInto(id, target);
        }
        await repo.deleteGallery(id);
        return { detail: `The gallery “${gallery.name}” has been deleted.` };
      });
    },
  };
}
export type GalleriesService = ReturnType<typeof galleriesService>;
