import type { OrganiserCode } from '@fotodrop/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codesEvent,
  codesUrl,
  csvBody,
  decodeCards,
  ensurePdftoppm,
  pdfImages,
  pdfText,
} from './codes-fixture';
import { BACKENDS } from './databases';
import { call } from './harness';
import { brandingImageUrl, startTeamHarness, type TeamHarness, uploadBrandingImage } from './team-fixture';

/**
 * Issue 18: album codes in the organiser console — generated for each scope, used by a
 * participant, exported and imported as CSV, revoked, and printed as QR cards.
 */
describe.each(BACKENDS)('organiser album codes on %s', (backend) => {
  let t: TeamHarness;
  let owner: string;
  let event: Awaited<ReturnType<typeof codesEvent>>;
  let otherEvent: Awaited<ReturnType<typeof codesEvent>>;
  let n = 0;

  beforeAll(async () => {
    ensurePdftoppm();
    t = await startTeamHarness(backend);
    const org = await t.createOrganisation('lakeside', 'owner@lakeside.test');
    owner = org.owner;
    event = await codesEvent(t, org.id, 'c0de0001');
    otherEvent = await codesEvent(t, org.id, 'c0de0002', 'River Run');
  });
  afterAll(() => t?.h.close());

  const generate = (body: unknown, slug = event.slug) =>
    call(t.h.app, 'POST', codesUrl(slug), body, { token: owner });
  const list = async (query = '') =>
    (await call(t.h.app, 'GET', codesUrl(event.slug, `?page_size=500${query}`), undefined, { token: owner }))
      .body as {
      results: OrganiserCode[];
      pagination: { total: number };
    };
  const importCsv = (text: string) =>
    t.h.app.inject({
      method: 'POST',
      url: codesUrl(event.slug, 'import/'),
      headers: { authorization: `Token ${owner}`, 'content-type': 'text/csv' },
      payload: text,
    });
  /** A new participant opens an album with `code`: the ids of the photos it shows (or the refusal). */
  const albumWith = async (code: string) => {
    const token = await t.participant(`runner${++n}@example.com`);
    const created = await call(t.h.app, 'POST', '/api/v2/checkins/', { picacode: code }, { token });
    if (created.status >= 300)
      return { status: created.status, body: created.body, token, photos: [] as number[] };
    const id = created.body.id as number;
    const all = await call(t.h.app, 'GET', `/api/v3/checkins/${id}/all-medias/?page=1`, undefined, { token });
    const photos = (all.body.results as { id: number }[]).map((m) => m.id).sort((a, b) => a - b);
    return { status: created.status, body: created.body, token, id, photos };
  };

  it('generates 12-character codes for the whole event, some galleries or some tags, and each opens its scope', async () => {
    const whole = await generate({ count: 3, label: 'Volunteers' });
    expect(whole.status).toBe(201);
    const codes = whole.body.results as OrganiserCode[];
    expect(codes).toHaveLength(3);
    for (const c of codes) {
      expect(c.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/);
      expect(c).toMatchObject({
        label: 'Volunteers',
        scope: 'event',
        revoked_at: null,
        albums: 0,
        email: null,
      });
    }
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);
    const galleries = (await generate({ count: 1, gallery_ids: [event.galleries.finish] })).body
      .results as OrganiserCode[];
    expect(galleries[0]).toMatchObject({
      scope: 'galleries',
      gallery_ids: [event.galleries.finish],
      label: null,
    });
    const tags = (await generate({ count: 1, tags: ['room-12'] })).body.results as OrganiserCode[];
    expect(tags[0]).toMatchObject({ scope: 'tags', tags: ['room-12'] });

    const all = [event.photos.start, event.photos.finish, event.photos.room].sort((a, b) => a - b);
    expect((await albumWith(codes[0]!.code)).photos).toEqual(all);
    expect((await albumWith(galleries[0]!.code)).photos).toEqual([event.photos.finish]);
    expect((await albumWith(tags[0]!.code)).photos).toEqual([event.photos.room]);
    // the console counts the album made with the code
    const listed = (await list()).results.find((c) => c.code === tags[0]!.code);
    expect(listed?.albums).toBe(1);
  });

  it("refuses another event's gallery, a count out of range, and stores nothing", async () => {
    const before = (await list()).pagination.total;
    const foreign = await generate({ count: 2, gallery_ids: [otherEvent.galleries.start] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data).toEqual({ fields: { gallery_ids: ['gallery.unknown'] } });
    expect((await generate({ count: 0 })).body.data).toEqual({ fields: { count: ['count.invalid'] } });
    expect((await generate({ count: 5001 })).body.data).toEqual({ fields: { count: ['count.too_large'] } });
    expect((await list()).pagination.total).toBe(before);
  });

  it('lists codes newest first, searches codes and labels, and pages', async () => {
    await generate({ count: 2, label: 'Room 7 (Rossi)' });
    const found = await list('&search=rossi');
    expect(found.results.map((c) => c.label)).toEqual(['Room 7 (Rossi)', 'Room 7 (Rossi)']);
    const page = await call(t.h.app, 'GET', codesUrl(event.slug, '?page=2&page_size=2'), undefined, {
      token: owner,
    });
    expect(page.body.pagination).toMatchObject({ page_number: 2, page_size: 2 });
    expect((page.body.results as unknown[]).length).toBe(2);
    const code = found.results[0]!.code;
    expect((await list(`&search=${code.slice(2, 9).toLowerCase()}`)).results.map((c) => c.code)).toEqual([
      code,
    ]);
  });

  it('exports the filtered list as CSV, formulas defused', async () => {
    await generate({ count: 1, label: '=HYPERLINK("http://evil.test")' });
    const answer = await call(t.h.app, 'GET', codesUrl(event.slug, '?format=csv&search=evil'), undefined, {
      token: owner,
    });
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.raw.headers['content-disposition']).toMatch(/^attachment; filename="?c0de0001-codes\.csv/);
    const [header, row, end] = answer.raw.body.split('\r\n');
    expect(header).toBe('code,label,scope,email,albums,created_at,revoked_at');
    expect(row).toMatch(
      /^[A-Z0-9]{12},"'=HYPERLINK\(""http:\/\/evil\.test""\)",event,,0,\d{4}-\d\d-\d\dT[\d:.]+Z,$/,
    );
    expect(end).toBe('');
    // the whole list, not one page
    const everything = await call(
      t.h.app,
      'GET',
      codesUrl(event.slug, '?format=csv&page_size=1'),
      undefined,
      {
        token: owner,
      },
    );
    expect(everything.raw.body.trim().split('\r\n').length - 1).toBe((await list()).pagination.total);
  });

  it('imports a good file: chosen and generated codes, galleries by name or id, tags, e-mails', async () => {
    const answer = await importCsv(
      csvBody([
        'code,label,galleries,tags,email',
        'ROOM101LAKE,Room 101,,room-12,guest101@example.com',
        ',Finish line,Finish,,',
        `team 42 lake,Team 42,${event.galleries.start}|finish,,`,
        ',Everything,,,',
      ]),
    );
    expect(answer.statusCode).toBe(201);
    const codes = answer.json().results as OrganiserCode[];
    expect(codes.map((c) => [c.label, c.scope, c.gallery_ids, c.tags, c.email])).toEqual([
      ['Room 101', 'tags', [], ['room-12'], 'guest101@example.com'],
      ['Finish line', 'galleries', [event.galleries.finish], [], null],
      ['Team 42', 'galleries', [event.galleries.start, event.galleries.finish], [], null],
      ['Everything', 'event', [], [], null],
    ]);
    expect(codes[0]!.code).toBe('ROOM101LAKE');
    expect(codes[2]!.code).toBe('TEAM42LAKE');
    expect(codes[1]!.code).toMatch(/^[A-Z0-9]{12}$/);
    expect((await albumWith('ROOM101LAKE')).photos).toEqual([event.photos.room]);
    // a European spreadsheet saves with `;`: the same columns, read the same way
    const semicolons = await importCsv(csvBody(['code;label;tags', 'SEMI2026LAKE;"Room; 7";room-12']));
    expect(semicolons.statusCode).toBe(201);
    expect((semicolons.json().results as OrganiserCode[]).map((c) => [c.code, c.label, c.tags])).toEqual([
      ['SEMI2026LAKE', 'Room; 7', ['room-12']],
    ]);
  });

  it('refuses a file with broken rows, reporting every one, and stores nothing', async () => {
    const before = (await list()).pagination.total;
    const answer = await importCsv(
      csvBody([
        'code,label,galleries,tags,email',
        'GOODCODE01,fine,,,',
        'DUPE2026,first,,,',
        'DUPE2026,second,,,',
        'ROOM101LAKE,taken,,,',
        'AB!,bad format,,,',
        'GOODCODE02,,Podium,,',
        'GOODCODE03,,,,not-an-email',
        'GOODCODE04,,,,ok@example.com',
      ]),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'import_refused',
      message: '5 row(s) refused; nothing was imported.',
    });
    expect(answer.json().data.rows).toEqual([
      { line: 4, column: 'code', reason: 'code.duplicate_in_file' },
      { line: 5, column: 'code', reason: 'code.taken' },
      { line: 6, column: 'code', reason: 'picacode.invalid' },
      { line: 7, column: 'galleries', reason: 'gallery.unknown' },
      { line: 8, column: 'email', reason: 'email.invalid' },
    ]);
    expect((await list()).pagination.total).toBe(before);
    expect((await list('&search=GOODCODE')).results).toEqual([]);
    // a header naming an unknown column, and a file that is not CSV
    const unknown = await importCsv(csvBody(['code,room', 'X1Y2Z3W4,1']));
    expect(unknown.json().data.rows).toEqual([{ line: 1, column: 'room', reason: 'column.unknown' }]);
    const broken = await importCsv('code,label\r\nABCD1234,"unclosed\r\n');
    expect(broken.json().data.rows).toEqual([{ line: 2, column: null, reason: 'csv.unclosed_quote' }]);
    // past the row limit, past the size limit: refused whole with a clear answer
    const rows = Array.from({ length: 10_001 }, () => ',too many');
    const tooMany = await importCsv(csvBody(['code,label', ...rows]));
    expect(tooMany.json().data.rows).toEqual([{ line: 10_002, column: null, reason: 'csv.too_many_rows' }]);
    const tooBig = await importCsv(csvBody(['code,label', `,${'x'.repeat(2 * 1024 * 1024)}`]));
    expect(tooBig.statusCode).toBe(413);
    expect((await list()).pagination.total).toBe(before);
  });

  it('revokes a code: no new album, no preview, the same answer as an unknown code; albums made with it stay', async () => {
    const [code] = (await generate({ count: 1, label: 'lost card' })).body.results as OrganiserCode[];
    const kept = await albumWith(code!.code);
    expect(kept.photos).toHaveLength(3);
    const revoked = await call(t.h.app, 'DELETE', codesUrl(event.slug, `${code!.code}/`), undefined, {
      token: owner,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ code: code!.code, albums: 1, revoked_at: expect.any(String) });
    const again = await call(t.h.app, 'DELETE', codesUrl(event.slug, `${code!.code}/`), undefined, {
      token: owner,
    });
    expect(again.body.revoked_at).toBe(revoked.body.revoked_at);

    const refused = await albumWith(code!.code);
    const never = await albumWith('NEVERISSUED2');
    expect([refused.status, refused.body.code]).toEqual([400, never.body.code]);
    expect(refused.body.message).toBe(never.body.message);
    const preview = await call(t.h.app, 'GET', `/api/v2/photos-preview/?picacode=${code!.code}`);
    expect([preview.status, preview.body.code]).toEqual([400, 'invalid_picacode']);
    // the album opened before still shows its photos
    const still = await call(t.h.app, 'GET', `/api/v3/checkins/${kept.id}/all-medias/?page=1`, undefined, {
      token: kept.token,
    });
    expect((still.body.results as unknown[]).length).toBe(3);
    expect((await list('&revoked=true')).results.map((c) => c.code)).toEqual([code!.code]);
    expect((await list('&revoked=false')).results.map((c) => c.code)).not.toContain(code!.code);
    const missing = await call(t.h.app, 'DELETE', codesUrl(otherEvent.slug, `${code!.code}/`), undefined, {
      token: owner,
    });
    expect(missing.status).toBe(404);
  });

  it('prints 10 codes as 10 A6 cards and as 8 + 2 on A4 sheets, each QR the preview link', async () => {
    const codes = (
      (await generate({ count: 10, label: 'print run' }, otherEvent.slug)).body.results as OrganiserCode[]
    ).map((c) => c.code);
    const links = codes.map((c) => `http://lakeside.localhost:8080/preview?picacode=${c}`);
    const pdf = async (query: string) =>
      t.h.app.inject({
        method: 'GET',
        url: codesUrl(otherEvent.slug, `cards.pdf?label=print%20run${query}`),
        headers: { authorization: `Token ${owner}` },
      });
    const a6 = await pdf('');
    expect(a6.statusCode).toBe(200);
    expect(a6.headers['content-type']).toBe('application/pdf');
    expect(a6.headers['content-disposition']).toMatch(/^attachment; filename="?c0de0002-codes-a6\.pdf/);
    expect((await decodeCards(a6.rawPayload, 1, 1)).map((page) => page[0])).toEqual(links);
    const a4 = await decodeCards((await pdf('&layout=a4')).rawPayload, 2, 4);
    expect(a4).toEqual([links.slice(0, 8), [...links.slice(8), null, null, null, null, null, null]]);
    // a revoked code is not printed
    await call(t.h.app, 'DELETE', codesUrl(otherEvent.slug, `${codes[0]}/`), undefined, { token: owner });
    const after = await pdf(`&codes=${codes.slice(0, 2).join(',')}`);
    expect((await decodeCards(after.rawPayload, 1, 1)).map((page) => page[0])).toEqual([links[1]]);
  });

  it('refuses more cards than one PDF holds with a clear message, and a request with none', async () => {
    await generate({ count: 5000, label: 'huge' }, otherEvent.slug);
    const answer = await call(t.h.app, 'GET', codesUrl(otherEvent.slug, 'cards.pdf'), undefined, {
      token: owner,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'too_many_cards', data: { count: 5010 - 1, max: 5000 } });
    const none = await call(t.h.app, 'GET', codesUrl(otherEvent.slug, 'cards.pdf?label=nobody'), undefined, {
      token: owner,
    });
    expect(none.status).toBe(404);
  });

  it("prints any script of the event and labels, in the organisation's language or the one asked, with its logo", async () => {
    const org = await t.createOrganisation('lodz', 'owner@lodz.test');
    const lodz = await codesEvent(t, org.id, 'c0de0003', 'Łódź Maraton — Παρέα');
    const generated = async (label: string) => {
      const answer = await call(
        t.h.app,
        'POST',
        codesUrl(lodz.slug),
        { count: 1, label },
        { token: org.owner },
      );
      return (answer.body.results as OrganiserCode[])[0]!.code;
    };
    const codes = [await generated('Zoë Øster'), await generated('Ирина Шевченко')];
    const cards = (query: string) =>
      t.h.app.inject({
        method: 'GET',
        url: codesUrl(lodz.slug, `cards.pdf?codes=${codes.join(',')}${query}`),
        headers: { authorization: `Token ${org.owner}` },
      });
    const words = async (pdf: Buffer) => (await pdfText(pdf)).replace(/\s+/g, ' ');

    // no logo yet: the organisation's name; the language of its country (Italy)
    const plain = await cards('');
    expect(plain.statusCode).toBe(200);
    const italian = await words(plain.rawPayload);
    for (const text of [
      'Org lodz',
      'Łódź Maraton — Παρέα',
      'Zoë Øster',
      'Ирина Шевченко',
      'Il tuo codice album',
    ])
      expect(italian).toContain(text);
    expect(italian).toContain('per vedere le tue foto');
    expect(await pdfImages(plain.rawPayload)).toEqual([]);

    const logo = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#e11d48' } })
      .png()
      .toBuffer();
    const uploaded = await uploadBrandingImage(
      t,
      brandingImageUrl(org.id, 'logo'),
      org.owner,
      logo,
      'logo.png',
    );
    expect(uploaded.status).toBe(200);
    const a4 = await cards('&layout=a4&lang=uk');
    expect(a4.statusCode).toBe(200);
    const ukrainian = await words(a4.rawPayload);
    for (const text of ['Łódź Maraton — Παρέα', 'Zoë Øster', 'Ваш код альбому', 'щоб побачити свої фото'])
      expect(ukrainian).toContain(text);
    // the logo instead of the name, one image in the file drawn on every card
    expect(ukrainian).not.toContain('Org lodz');
    const images = await pdfImages(a4.rawPayload);
    expect(images).toHaveLength(2);
    expect(new Set(images.map((i) => i.object)).size).toBe(1);
    expect(images[0]).toMatchObject({ width: 640, height: 160 });
    const links = codes.map((c) => `http://lodz.localhost:8080/preview?picacode=${c}`);
    expect(await decodeCards(a4.rawPayload, 2, 4)).toEqual([[...links, null, null, null, null, null, null]]);
    expect((await decodeCards((await cards('')).rawPayload, 1, 1)).map((page) => page[0])).toEqual(links);

    const wrong = await call(t.h.app, 'GET', codesUrl(lodz.slug, 'cards.pdf?lang=xx'), undefined, {
      token: org.owner,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'validation_error',
      data: { fields: { lang: ['language.invalid'] } },
    });
  });
});
