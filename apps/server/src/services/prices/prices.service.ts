import type {
  applySheetBodySchema,
  ConsolePriceList,
  EventPriceList,
  PriceListBody,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { NotFoundError, ValidationError } from '../../http/errors';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { organiserEventsRepository } from '../../repositories/organiser-events.repository';
import { type PhotoServiceRow, photoServicesRepository } from '../../repositories/photo-services.repository';
import { priceListFor, priceListsRepository } from '../../repositories/price-lists.repository';
import { priceSheetsRepository } from '../../repositories/price-sheets.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';
import { assertPriceList, rowsOf } from './price-rows';

type ApplyBody = z.output<typeof applySheetBodySchema>;

const galleryNotFound = () => new NotFoundError('Gallery not found.');

/**
 * An event's prices in the console (issue 19): the event's list and packages, galleries' own lists
 * (overriding the event's for their photos and their sub-galleries without one), and price sheets
 * copied onto either. Reads need events.read, changes selling.manage. Every change runs in one
 * transaction holding the event's row lock (the event's list has no unique key to upsert on).
 *
 * Orders are untouched by design: an order line stores its own price when it is placed, so a
 * change here re-prices carts and never an order.
 */
export function pricesService(deps: { db: Db; now: () => Date }) {
  const access = () => consoleAccess(deps.db);
  const lists = (db: Queryable) => priceListsRepository(db);

  async function eventView(db: Queryable, event: PhotoServiceRow): Promise<EventPriceList> {
    const all = await lists(db).forService(event.id);
    const own = all.find((l) => l.galleryId === null);
    return {
      currency: event.currency,
      items: own?.items ?? [],
      packages: event.packagePrices,
      inherited: false,
      inherited_from: null,
      sheet_id: own?.sheetId ?? null,
      updated_at: own?.updatedAt?.toISOString() ?? null,
      gallery_lists: all.flatMap((l) => (l.galleryId === null ? [] : [l.galleryId])).sort((a, b) => a - b),
    };
  }

  /** What a gallery's participants read (the participant side's `priceListFor`), and whence. */
  async function galleryView(
    db: Queryable,
    event: PhotoServiceRow,
    galleryId: number,
  ): Promise<ConsolePriceList> {
    const galleries = await albumMediaRepository(db).galleriesOf(event.id);
    if (!galleries.some((g) => g.id === galleryId)) throw galleryNotFound();
    const parentOf = (id: number) => galleries.find((g) => g.id === id)?.parentId ?? null;
    const list = priceListFor(await lists(db).forService(event.id), galleryId, parentOf);
    const inherited = list?.galleryId !== galleryId;
    return {
      currency: event.currency,
      items: list?.items ?? [],
      packages: event.packagePrices,
      inherited,
      inherited_from: inherited ? (list?.galleryId ?? null) : null,
      sheet_id: list?.sheetId ?? null,
      updated_at: list?.updatedAt?.toISOString() ?? null,
    };
  }

  /** Runs `change` on the locked event; answers with the event as it is after. */
  async function changing(
    event: PhotoServiceRow,
    change: (tx: Queryable, locked: PhotoServiceRow) => Promise<void>,
  ): Promise<PhotoServiceRow> {
    await deps.db.transaction(async (tx) => {
      const locked = await organiserEventsRepository(tx).lockEvent(event.id);
      if (!locked) throw new NotFoundError('Event not found.');
      await change(tx, locked);
    });
    const after = await photoServicesRepository(deps.db).findById(event.id);
    if (!after) throw new NotFoundError('Event not found.');
    return after;
  }

  async function assertGalleryOf(db: Queryable, event: PhotoServiceRow, galleryId: number, field?: string) {
    if (await organiserEventsRepository(db).gallery(event.id, galleryId)) return;
    if (field)
      throw new ValidationError({ [field]: ['gallery.invalid'] }, 'The gallery is not in this event.');
    throw galleryNotFound();
  }

  return {
    async eventList(auth: AuthContext, slug: string): Promise<EventPriceList> {
      const { event } = await access().event(auth, slug, 'events.read');
      return eventView(deps.db, event);
    },

    async putEventList(auth: AuthContext, slug: string, body: PriceListBody): Promise<EventPriceList> {
      const { event } = await access().event(auth, slug, 'selling.manage');
      const after = await changing(event, async (tx, locked) => {
        assertPriceList(body, locked.currency);
        const { items, packages } = rowsOf(body);
        await lists(tx).replace(locked.id, null, items, { sheetId: null, at: deps.now() });
        await photoServicesRepository(tx).setPackagePrices(locked.id, packages);
      });
      return eventView(deps.db, after);
    },

    async galleryList(auth: AuthContext, slug: string, galleryId: number): Promise<ConsolePriceList> {
      const { event } = await access().event(auth, slug, 'events.read');
      return galleryView(deps.db, event, galleryId);
    },

    async putGalleryList(
      auth: AuthContext,
      slug: string,
      galleryId: number,
      body: PriceListBody,
    ): Promise<ConsolePriceList> {
      const { event } = await access().event(auth, slug, 'selling.manage');
      const after = await changing(event, async (tx, locked) => {
        await assertGalleryOf(tx, locked, galleryId);
        assertPriceList(body, locked.currency);
        // decision (issue 19): packages buy the whole album, so they are the event's alone.
        if (body.packages.length > 0) {
          throw new ValidationError(
            { packages: ['package.event_only'] },
            'Packages are set for the whole event.',
          );
        }
        await lists(tx).replace(locked.id, galleryId, rowsOf(body).items, { sheetId: null, at: deps.now() });
      });
      return galleryView(deps.db, after, galleryId);
    },

    async deleteGalleryList(auth: AuthContext, slug: string, galleryId: number): Promise<ConsolePriceList> {
      const { event } = await access().event(auth, slug, 'selling.manage');
      const after = await changing(event, async (tx, locked) => {
        await assertGalleryOf(tx, locked, galleryId);
        await lists(tx).removeGalleryList(locked.id, galleryId);
      });
      return galleryView(deps.db, after, galleryId);
    },

    /**
     * Copies a sheet of the event's organisation onto the event (entries and packages) or one gallery
     * (entries). decision (issue 19): a copy, remembered by `sheet_id`, not a link: see decisions.md.
     */
    async applySheet(auth: AuthContext, slug: string, body: ApplyBody): Promise<EventPriceList> {
      const { event } = await access().event(auth, slug, 'selling.manage');
      const galleryId = body.gallery_id ?? null;
      const after = await changing(event, async (tx, locked) => {
        const sheet = await priceSheetsRepository(tx).find(locked.organisationId, body.sheet_id);
        if (!sheet) throw new ValidationError({ sheet_id: ['sheet.unknown'] }, 'No such price sheet.');
        if (sheet.currency !== locked.currency) {
          throw new ValidationError(
            { sheet_id: ['sheet.currency_not_event'] },
            `The sheet is in ${sheet.currency}, the event sells in ${locked.currency}.`,
          );
        }
        const change = { sheetId: sheet.id, at: deps.now() };
        if (galleryId !== null) {
          await assertGalleryOf(tx, locked, galleryId, 'gallery_id');
          await lists(tx).replace(locked.id, galleryId, sheet.items, change);
          return;
        }
        await lists(tx).replace(locked.id, null, sheet.items, change);
        await photoServicesRepository(tx).setPackagePrices(locked.id, sheet.packages);
      });
      return eventView(deps.db, after);
    },
  };
}
export type PricesService = ReturnType<typeof pricesService>;
