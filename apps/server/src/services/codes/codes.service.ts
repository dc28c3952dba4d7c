import {
  CODE_CARDS_PER_REQUEST,
  CODE_EXPORT_COLUMNS,
  type CodeScope,
  type codeCardsQuerySchema,
  ErrorCode,
  type generateCodesBodySchema,
  type listCodesQuerySchema,
  makePagination,
  type OrganiserCode,
  type Paginated,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, Queryable } from '../../db/client';
import { DomainError, NotFoundError, ValidationError } from '../../http/errors';
import {
  type CodeFilters,
  type CodeWithAlbums,
  picacodesRepository,
} from '../../repositories/picacodes.repository';
import { teamRepository } from '../../repositories/team.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { LinkBaseResolver } from '../accounts/link-base';
import { newPicacode } from '../albums/picacodes';
import { consoleAccess } from '../organisations/console-access';
import { languageOfCountry } from '../organisations/country-language';
import { cardFonts } from './code-cards-fonts';
import { cardLogo } from './code-cards-logo';
import { type CardBranding, type CardLayout, codeCardsPdf } from './code-cards-pdf';
import { cardTexts } from './code-cards-texts';
import { importRows, type NewCode } from './codes-import';
import { csvLine } from './csv';

type ListQuery = z.output<typeof listCodesQuerySchema>;
type CardsQuery = z.output<typeof codeCardsQuerySchema>;

/** A row with the scope the console shows. */
export function toOrganiserCode(row: CodeWithAlbums): OrganiserCode {
  return {
    code: row.code,
    label: row.label,
    scope: scopeOf(row),
    gallery_ids: row.galleryIds,
    tags: row.tags,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    albums: row.albums,
  };
}

function scopeOf(row: Pick<CodeWithAlbums, 'kind' | 'galleryIds' | 'tags'>): CodeScope {
  if (row.kind === 'event') return 'event';
  if (row.galleryIds.length > 0 && row.tags.length > 0) return 'galleries_and_tags';
  return row.galleryIds.length > 0 ? 'galleries' : 'tags';
}

function filtersOf(q: Pick<ListQuery, 'search' | 'label' | 'revoked' | 'created_after'>): CodeFilters {
  return {
    search: q.search || undefined,
    label: q.label || undefined,
    revoked: q.revoked === undefined ? undefined : q.revoked === 'true',
    createdAfter: q.created_after ? new Date(q.created_after) : undefined,
  };
}

/** Draws for free codes before giving up: a clash is one in 10^13, five in a row means a broken source. */
const DRAWS = 5;

/**
 * Album codes in the organiser console (issue 18): generate, import, list and export, revoke, and
 * print as QR cards. Every call passes the console's role check first.
 */
export function codesService(deps: { db: Db; now: () => Date; links: LinkBaseResolver; storage: Storage }) {
  const access = consoleAccess(deps.db);

  /**
   * Stores codes in the caller's transaction, drawing a new code for every generated one that
   * clashed with a code stored meanwhile. A clash on a code the file chose cannot happen here: they
   * were checked free in the same transaction, and one stored concurrently fails the whole import.
   */
  async function store(tx: Queryable, eventId: number, userId: number, codes: NewCode[]) {
    const repo = picacodesRepository(tx);
    const rowOf = (c: NewCode, code: string) => ({
      photoServiceId: eventId,
      code,
      kind: c.galleryIds.length === 0 && c.tags.length === 0 ? ('event' as const) : ('participant' as const),
      tags: c.tags,
      galleryIds: c.galleryIds,
      label: c.label || null,
      email: c.email || null,
      createdBy: userId,
    });
    let pending = codes.map((c) => ({ c, code: c.code ?? newPicacode() }));
    const stored: CodeWithAlbums[] = [];
    for (let draw = 0; draw < DRAWS && pending.length > 0; draw++) {
      const inserted = await repo.insertMany(pending.map((p) => rowOf(p.c, p.code)));
      const done = new Set(inserted.map((r) => r.code));
      stored.push(...inserted.map((r) => ({ ...r, albums: 0 })));
      const clashed = pending.filter((p) => !done.has(p.code));
      if (clashed.some((p) => p.c.code !== null)) {
        throw new DomainError(
          409,
          ErrorCode.importRefused,
          'A code of the file was taken meanwhile: import again.',
        );
      }
      pending = clashed.map((p) => ({ c: p.c, code: newPicacode() }));
    }
    if (pending.length > 0)
      throw new Error(`No free album code after ${DRAWS} draws: is the random source broken?`);
    return stored.sort((a, b) => a.id - b.id);
  }

  async function galleriesOf(eventId: number) {
    return picacodesRepository(deps.db).galleriesOf(eventId);
  }

  return {
    async generate(auth: AuthContext, slug: string, body: z.output<typeof generateCodesBodySchema>) {
      const { event } = await access.event(auth, slug, 'codes.manage');
      const galleryIds = body.gallery_ids ?? [];
      const known = new Set((await galleriesOf(event.id)).map((g) => g.id));
      const unknown = galleryIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new ValidationError({ gallery_ids: ['gallery.unknown'] });
      const batch: NewCode[] = Array.from({ length: body.count }, () => ({
        code: null,
        label: body.label ?? '',
        galleryIds,
        tags: [...new Set(body.tags ?? [])],
        email: '',
      }));
      const stored = await deps.db.transaction((tx) => store(tx, event.id, auth.user.id, batch));
      return { results: stored.map(toOrganiserCode) };
    },

    async list(auth: AuthContext, slug: string, query: ListQuery): Promise<Paginated<OrganiserCode>> {
      const { event } = await access.event(auth, slug, 'codes.read');
      const { rows, total } = await picacodesRepository(deps.db).page(
        event.id,
        filtersOf(query),
        query.page,
        query.page_size,
      );
      return {
        results: rows.map(toOrganiserCode),
        pagination: makePagination(total, query.page, query.page_size),
      };
    },

    /** The whole filtered list as CSV, with a file name naming the event. */
    async exportCsv(auth: AuthContext, slug: string, query: ListQuery) {
      const { event } = await access.event(auth, slug, 'codes.read');
      const rows = await picacodesRepository(deps.db).all(event.id, filtersOf(query));
      const scopeText = (r: CodeWithAlbums) =>
        [
          r.kind === 'event' ? 'event' : '',
          r.galleryIds.length > 0 ? `galleries:${r.galleryIds.join('|')}` : '',
          r.tags.length > 0 ? `tags:${r.tags.join('|')}` : '',
        ]
          .filter(Boolean)
          .join(' ');
      let text = csvLine(CODE_EXPORT_COLUMNS);
      for (const r of rows) {
        text += csvLine([
          r.code,
          r.label ?? '',
          scopeText(r),
          r.email ?? '',
          String(r.albums),
          r.createdAt.toISOString(),
          r.revokedAt?.toISOString() ?? '',
        ]);
      }
      return { text, fileName: `${event.slug}-codes.csv` };
    },

    /**
     * decision (issue 18): an import is all or nothing. Every row is checked first and every
     * refused row reported with its line and reason; one refused row stores nothing, so the
     * organiser fixes the file and sends it again without hunting for which half got in.
     */
    async importCsv(auth: AuthContext, slug: string, text: string) {
      const { event } = await access.event(auth, slug, 'codes.manage');
      const galleries = await galleriesOf(event.id);
      const stored = await deps.db.transaction(async (tx) => {
        const checked = await importRows(text, galleries, (codes) => picacodesRepository(tx).taken(codes));
        if (checked.errors.length > 0) {
          throw new DomainError(
            400,
            ErrorCode.importRefused,
            `${new Set(checked.errors.map((e) => e.line)).size} row(s) refused; nothing was imported.`,
            { rows: checked.errors },
          );
        }
        return store(tx, event.id, auth.user.id, checked.codes);
      });
      return { results: stored.map(toOrganiserCode) };
    },

    /**
     * decision (issue 18): revoking stops the code opening new albums and previews; the albums
     * made with it stay. A card is revoked because it was lost or handed out wrongly, not to take
     * away what a family already opened (and perhaps bought from); an album that must go is
     * removed by support.
     */
    async revoke(auth: AuthContext, slug: string, code: string): Promise<OrganiserCode> {
      const { event } = await access.event(auth, slug, 'codes.manage');
      const repo = picacodesRepository(deps.db);
      await repo.revoke(event.id, code, deps.now());
      const row = await repo.inEvent(event.id, code);
      if (!row) throw new NotFoundError('Album code not found.');
      return toOrganiserCode(row);
    },

    /**
     * The QR cards of the event's valid codes (revoked codes are never printed), a PDF stream drawn
     * as it is read. The count is checked before the first byte so a too-large request is a
     * clear 400, not a cut-off file. The cards speak `lang`, else the language of the
     * organisation's country (participants read them, not the organiser).
     */
    async cards(auth: AuthContext, slug: string, query: CardsQuery) {
      const { event } = await access.event(auth, slug, 'codes.read');
      const filters = { ...filtersOf(query), revoked: false, codes: query.codes };
      const repo = picacodesRepository(deps.db);
      const count = await repo.count(event.id, filters);
      if (count > CODE_CARDS_PER_REQUEST) {
        throw new DomainError(
          400,
          ErrorCode.tooManyCards,
          `${count} codes match; one PDF holds at most ${CODE_CARDS_PER_REQUEST} cards. Narrow it by label or date.`,
          { count, max: CODE_CARDS_PER_REQUEST },
        );
      }
      if (count === 0) throw new NotFoundError('No valid album code matches: there is no card to print.');
      const rows = await repo.all(event.id, filters, CODE_CARDS_PER_REQUEST);
      const organisation = await teamRepository(deps.db).organisationById(event.organisationId);
      const linkBase = await deps.links.forRequest({ host: undefined, eventOwnerId: event.organisationId });
      const language = query.lang ?? languageOfCountry(organisation?.country);
      const branding: CardBranding = {
        organisation: organisation?.name ?? '',
        event: event.name,
        site: new URL(linkBase).host,
        primary: organisation?.theme?.primary ?? null,
        primaryContrast: organisation?.theme?.primary_contrast ?? null,
        logo: organisation ? await cardLogo(deps.storage, organisation) : null,
        language,
        texts: cardTexts(language),
      };
      const fonts = await cardFonts();
      const layout: CardLayout = query.layout;
      return {
        fileName: `${event.slug}-codes-${layout}.pdf`,
        cards: rows.length,
        stream: codeCardsPdf({
          layout,
          branding,
          fonts,
          cards: rows.map((r) => ({
            code: r.code,
            label: r.label,
            link: `${linkBase}/preview?picacode=${encodeURIComponent(r.code)}`,
          })),
        }),
      };
    },
  };
}
export type CodesService = ReturnType<typeof codesService>;
