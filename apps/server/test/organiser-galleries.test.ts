import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRepository } from '../src/repositories/media.repository';
import { BACKENDS } from './databases';
import { type EventsHarness, galleriesUrl, startEventsHarness } from './events-fixture';
import { call } from './harness';

interface Gallery {
  id: number;
  name: string;
  parent_id: number | null;
  layout: 'h' | 'v';
  position: number;
  media_count: number;
}

/** Issue 18: an event's gallery tree as the console builds it. */
describe.each(BACKENDS)('organiser galleries on %s', (backend) => {
  let t: EventsHarness;
  let n = 0;
  beforeAll(async () => {
    t = await startEventsHarness(backend);
  });
  afterAll(() => t?.h.close());

  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    call(t.h.app, method, url, body, { token: t.org.owner });
  /** A new event with its own helpers. */
  const event = async () => {
    const { slug, id } = await t.createEvent();
    const add = async (name: string, extra: Record<string, unknown> = {}) => {
      const made = await req('POST', galleriesUrl(slug), { name, ...extra });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body as unknown as Gallery;
    };
    const list = async () => (await req('GET', galleriesUrl(slug))).body.results as Gallery[];
    const names = async (parent: number | null) =>
      (await list())
        .filter((g) => g.parent_id === parent)
        .sort((a, b) => a.position - b.position)
        .map((g) => g.name);
    const addMedia = async (galleryId: number) =>
      mediaRepository(t.h.database.db).insert({
        photoServiceId: id,
        galleryId,
        type: 'photo',
        status: 'ready',
        sha256: `sha-${++n}`,
      });
    return { slug, id, add, list, names, addMedia };
  };

  it('adds galleries last among their siblings, with a layout, under a parent of the same event', async () => {
    const e = await event();
    const course = await e.add('Course');
    await e.add('Finish', { layout: 'v' });
    await e.add('Km 10', { parent_id: course.id });
    await e.add('Km 30', { parent_id: course.id });
    expect(await e.names(null)).toEqual(['Course', 'Finish']);
    expect(await e.names(course.id)).toEqual(['Km 10', 'Km 30']);
    expect((await e.list()).find((g) => g.name === 'Finish')).toMatchObject({ layout: 'v', position: 1 });

    const other = await event();
    const foreign = await other.add('Elsewhere');
    const refused = await req('POST', galleriesUrl(e.slug), { name: 'Stray', parent_id: foreign.id });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ fields: { parent_id: ['gallery.invalid'] } });
    for (const body of [{ name: '' }, { name: 'x', layout: 'diagonal' }, { name: 'x', colour: 'red' }]) {
      expect((await req('POST', galleriesUrl(e.slug), body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await e.names(null)).toEqual(['Course', 'Finish']);
    // another event's gallery is not found through this event
    expect((await req('PATCH', galleriesUrl(e.slug, foreign.id), { name: 'Mine' })).status).toBe(404);
  });

  it('renames, reorders and moves; never under itself or its own sub-galleries', async () => {
    const e = await event();
    const a = await e.add('A');
    const b = await e.add('B');
    const c = await e.add('C');
    const a1 = await e.add('A1', { parent_id: a.id });
    const a11 = await e.add('A11', { parent_id: a1.id });

    await req('PATCH', galleriesUrl(e.slug, c.id), { position: 0, name: 'C first', layout: 'v' });
    expect(await e.names(null)).toEqual(['C first', 'A', 'B']);

    for (const target of [a.id, a1.id, a11.id]) {
      const cycle = await req('PATCH', galleriesUrl(e.slug, a.id), { parent_id: target });
      expect(cycle.status).toBe(400);
      expect(cycle.body.data).toEqual({ fields: { parent_id: ['gallery.cycle'] } });
    }
    // B moves under A11, first; the top level closes the gap
    const moved = await req('PATCH', galleriesUrl(e.slug, b.id), { parent_id: a11.id });
    expect(moved.body).toMatchObject({ parent_id: a11.id, position: 0 });
    expect((await e.list()).filter((g) => g.parent_id === null).map((g) => g.position)).toEqual([0, 1]);
    // and back to the top level, at the end
    await req('PATCH', galleriesUrl(e.slug, b.id), { parent_id: null });
    expect(await e.names(null)).toEqual(['C first', 'A', 'B']);
  });

  it('refuses to delete a gallery with media or sub-galleries, unless told where they go', async () => {
    const e = await event();
    const full = await e.add('Full');
    const child = await e.add('Child', { parent_id: full.id });
    const keep = await e.add('Keep');
    await e.addMedia(full.id);
    await e.addMedia(full.id);

    const refused = await req('DELETE', galleriesUrl(e.slug, full.id));
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'gallery_not_empty', data: { media: 2, galleries: 1 } },
    });
    expect(String(refused.body.message)).toMatch(/Move them/);
    for (const moveTo of [String(full.id), String(child.id), '999999', 'nowhere']) {
      const bad = await req('DELETE', `${galleriesUrl(e.slug, full.id)}?move_to=${moveTo}`);
      expect(bad.status, moveTo).toBe(400);
    }
    expect((await e.list()).find((g) => g.id === full.id)).toMatchObject({ media_count: 2 });

    const done = await req('DELETE', `${galleriesUrl(e.slug, full.id)}?move_to=${keep.id}`);
    expect(done.status).toBe(200);
    const after = await e.list();
    expect(after.find((g) => g.id === full.id)).toBeUndefined();
    expect(after.find((g) => g.id === keep.id)).toMatchObject({ media_count: 2 });
    expect(after.find((g) => g.id === child.id)).toMatchObject({ parent_id: keep.id });

    // to the event itself: media without a gallery, sub-galleries at the top level
    const gone = await req('DELETE', `${galleriesUrl(e.slug, keep.id)}?move_to=event`);
    expect(gone.status).toBe(200);
    expect((await e.list()).find((g) => g.id === child.id)).toMatchObject({ parent_id: null });
    const { rows } = await t.h.database.executeSql(
      'select count(*)::int as n from media where photo_service_id = $1 and gallery_id is null',
      [e.id],
    );
    expect((rows[0] as { n: number }).n).toBe(2);
    // an empty one goes without asking
    expect((await req('DELETE', galleriesUrl(e.slug, child.id))).status).toBe(200);
    expect(await e.list()).toEqual([]);
  });
});
