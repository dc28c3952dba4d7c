import type { OrganiserCode } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { RUNNER_READY_MAIL_QUEUE } from '../src/services/runners/runner-ready';
import { registerRunnerReadyWorkers } from '../src/services/runners/runner-ready.jobs';
import { BACKENDS } from './databases';
import { call } from './harness';
import { addPhoto } from './photos';
import { startTeamHarness, type TeamHarness } from './team-fixture';

const importUrl = (slug: string, query = '') =>
  `/api/organiser/v1/events/${slug}/participants/import/${query}`;
const OPT_OUT_URL = '/api/v1/runners/opt-out/';
const HEADER = 'First name,Last name,E-mail,Bib,Language';

/**
 * Issue 20, runners: the participants import (consent, all or nothing, codes scoped to the bib),
 * the one "your photos are ready" e-mail per runner, and the runner's opt-out.
 */
describe.each(BACKENDS)('race runners on %s', (backend) => {
  let t: TeamHarness;
  let owner: string;
  let orgId: number;
  let stopKicks: () => void;
  let n = 0;

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    const org = await t.createOrganisation('lakeside', 'owner@lakeside.test');
    owner = org.owner;
    orgId = org.id;
    stopKicks = await registerRunnerReadyWorkers(t.h.jobs, t.mailer, t.h.services.runnerReady);
  });
  afterAll(async () => {
    stopKicks?.();
    await t?.h.close();
  });

  /** A race of the organisation with one gallery; `issued`: its issued bibs (none: an open list). */
  async function race(status: 'draft' | 'published', issued: string[] = []) {
    const repo = photoServicesRepository(t.h.database.db);
    const slug = `ace${String(++n).padStart(5, '0')}`;
    const event = await repo.insert({
      organisationId: orgId,
      slug,
      name: `City Marathon ${n}`,
      experienceType: 'event',
      startDate: '2026-10-04',
      endDate: '2026-10-04',
      currency: 'EUR',
      status,
    });
    const gallery = await repo.insertGallery({ photoServiceId: event.id, name: 'Finish', position: 0 });
    for (const number of issued) {
      await t.h.database.executeSql('insert into event_bibs (photo_service_id, number) values ($1, $2)', [
        event.id,
        number,
      ]);
    }
    return { id: event.id, slug, gallery: gallery.id };
  }

  const importCsv = (slug: string, text: string | Buffer, query = '?consent_confirmed=true', headers = {}) =>
    t.h.app.inject({
      method: 'POST',
      url: importUrl(slug, query),
      headers: { authorization: `Token ${owner}`, 'content-type': 'text/csv', ...headers },
      payload: text,
    });

  const importForm = (slug: string, text: string, consent: string | null) => {
    const boundary = 'runners-boundary';
    const parts = [
      ...(consent === null
        ? []
        : [
            `--${boundary}\r\nContent-Disposition: form-data; name="consent_confirmed"\r\n\r\n${consent}\r\n`,
          ]),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="runners.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${text}\r\n`,
      `--${boundary}--\r\n`,
    ];
    return t.h.app.inject({
      method: 'POST',
      url: importUrl(slug),
      headers: {
        authorization: `Token ${owner}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: parts.join(''),
    });
  };

  const count = async (sql: string, params: unknown[]) =>
    Number(((await t.h.database.executeSql(sql, params)).rows[0] as { n: number }).n);
  const runnersOf = (eventId: number) =>
    count('select count(*)::int as n from runners where photo_service_id = $1', [eventId]);
  const importsOf = (eventId: number) =>
    count('select count(*)::int as n from runner_imports where photo_service_id = $1', [eventId]);

  const codesOf = async (slug: string) =>
    (
      await call(t.h.app, 'GET', `/api/organiser/v1/events/${slug}/codes/?page_size=500`, undefined, {
        token: owner,
      })
    ).body.results as OrganiserCode[];

  /** A photo of the race carrying these bibs as tags (what recognition's `syncTags` writes). */
  async function photoWithBibs(event: { id: number; gallery: number }, bibs: string[]) {
    const tags = bibs.map((b) => `bib-${b}`);
    return addPhoto(t.h, { serviceId: event.id, galleryId: event.gallery, tags }, ++n % 7);
  }

  const mailsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);
  async function waitForMail(to: string) {
    for (let i = 0; i < 200 && mailsTo(to).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    return mailsTo(to);
  }
  /** Lets queued scans and e-mails run (what should not arrive has had its chance). */
  const settle = () => new Promise((r) => setTimeout(r, 2500));

  it('imports a text/csv body and a multipart file, each runner with a code scoped to their bib', async () => {
    const event = await race('published', ['1042', '1043', '1044']);
    const csv = `${HEADER}\nAnna,Rossi,anna@example.com,1042,it\nBen,Weber,ben@example.com,1043,\n`;
    const answer = await importCsv(event.slug, csv);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ imported: 2, refused: [] });
    const codes = await codesOf(event.slug);
    expect(codes.map((c) => [c.label, c.email, c.tags, c.scope]).sort()).toEqual([
      ['Anna Rossi', 'anna@example.com', ['bib-1042'], 'tags'],
      ['Ben Weber', 'ben@example.com', ['bib-1043'], 'tags'],
    ]);
    const form = await importForm(event.slug, `${HEADER}\nCleo,Diaz,cleo@example.com,1044,es\n`, 'true');
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toEqual({ imported: 1, refused: [] });
    expect(await runnersOf(event.id)).toBe(3);
    const stored = await t.h.database.executeSql(
      'select consent_confirmed_at, row_count from runner_imports where photo_service_id = $1 order by id',
      [event.id],
    );
    expect(stored.rows.map((r) => (r as { row_count: number }).row_count)).toEqual([2, 1]);
    expect(stored.rows.every((r) => (r as { consent_confirmed_at: unknown }).consent_confirmed_at)).toBe(
      true,
    );
  });

  it('refuses an import without the consent, storing nothing', async () => {
    const event = await race('published', ['2001']);
    const csv = `${HEADER}\nDana,Novak,dana@example.com,2001,sl\n`;
    for (const answer of [
      await importCsv(event.slug, csv, ''),
      await importCsv(event.slug, csv, '?consent_confirmed=false'),
      await importForm(event.slug, csv, null),
      await importForm(event.slug, csv, 'no'),
    ]) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().data.fields.consent_confirmed).toEqual(['consent.required']);
    }
    expect(await runnersOf(event.id)).toBe(0);
    expect(await importsOf(event.id)).toBe(0);
    expect(await codesOf(event.slug)).toEqual([]);
  });

  it('imports nothing when a row is refused, and lists every refused row with its reason', async () => {
    const event = await race('published', ['3001', '3002']);
    const csv = `${HEADER}\nEva,Kos,eva@example.com,3001,\nFilip,Nowak,filip@example.com,9999,pl\nGus,Lee,not-an-email,3002,\n`;
    const answer = await importCsv(event.slug, csv);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      imported: 0,
      refused: [
        { row: 3, reason: 'bib.not_issued', column: 'bib' },
        { row: 4, reason: 'email.invalid', column: 'email' },
      ],
    });
    expect(await runnersOf(event.id)).toBe(0);
    expect(await importsOf(event.id)).toBe(0);
    expect(await codesOf(event.slug)).toEqual([]);
  });

  it('refuses a file not saved as UTF-8 or without runners, storing nothing', async () => {
    const event = await race('published', ['3101']);
    // Excel's plain "CSV" is Windows-1252: "José Müller" must not be stored as "Jos\uFFFD M\uFFFDller"
    const latin1 = Buffer.from(`${HEADER}\nJosé,Müller,jose@example.com,3101,es\n`, 'latin1');
    const answer = await importCsv(event.slug, latin1);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ imported: 0, refused: [{ row: 2, reason: 'file.not_utf8' }] });
    const headerOnly = await importCsv(event.slug, `${HEADER}\r\n`);
    expect(headerOnly.json()).toEqual({ imported: 0, refused: [{ row: 1, reason: 'file.empty' }] });
    expect(await runnersOf(event.id)).toBe(0);
    expect(await importsOf(event.id)).toBe(0);
  });

  it('answers a broken multipart form with a 400, storing nothing', async () => {
    const event = await race('published', ['3201']);
    const cut = `--zz\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\n\r\n${HEADER}\nA,B`;
    for (const payload of ['not multipart at all', cut]) {
      const answer = await t.h.app.inject({
        method: 'POST',
        url: importUrl(event.slug, '?consent_confirmed=true'),
        headers: { authorization: `Token ${owner}`, 'content-type': 'multipart/form-data; boundary=zz' },
        payload,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/form/i) });
    }
    expect(await runnersOf(event.id)).toBe(0);
  });

  it('makes the imported bibs the issued list of an event without one, refusing what is no bib', async () => {
    const event = await race('published');
    const bad = await importCsv(event.slug, `${HEADER}\nHana,Ito,hana@example.com,12,\n`);
    expect(bad.json()).toEqual({ imported: 0, refused: [{ row: 2, reason: 'bib.invalid', column: 'bib' }] });
    const good = await importCsv(event.slug, `${HEADER}\nHana,Ito,hana@example.com,0412,\n`);
    expect(good.json()).toEqual({ imported: 1, refused: [] });
    const issued = await t.h.database.executeSql(
      'select number from event_bibs where photo_service_id = $1',
      [event.id],
    );
    expect(issued.rows).toEqual([{ number: '0412' }]);
  });

  it('updates a runner imported again and keeps their code; the code opens exactly their photos', async () => {
    const event = await race('published', ['1042', '1043']);
    await importCsv(event.slug, `${HEADER}\nIda,Berg,ida@example.com,1042,\nJon,Moe,jon@example.com,1043,\n`);
    const before = await codesOf(event.slug);
    const again = await importCsv(event.slug, `${HEADER}\nIda,Lind,ida.lind@example.com,1042,de\n`);
    expect(again.json()).toEqual({ imported: 1, refused: [] });
    const after = await codesOf(event.slug);
    expect(after.map((c) => c.code).sort()).toEqual(before.map((c) => c.code).sort());
    const ida = after.find((c) => c.tags[0] === 'bib-1042')!;
    expect([ida.label, ida.email]).toEqual(['Ida Lind', 'ida.lind@example.com']);
    const runner = await t.h.database.executeSql(
      'select first_name, last_name, email, language from runners where photo_service_id = $1 and bib = $2',
      [event.id, '1042'],
    );
    expect(runner.rows).toEqual([
      { first_name: 'Ida', last_name: 'Lind', email: 'ida.lind@example.com', language: 'de' },
    ]);

    const mine = await photoWithBibs(event, ['1042']);
    const both = await photoWithBibs(event, ['1042', '1043']);
    await photoWithBibs(event, ['1043']);
    await addPhoto(t.h, { serviceId: event.id, galleryId: event.gallery, tags: [] }, 3);
    const token = await t.participant(`viewer${n}@example.com`);
    const album = await call(t.h.app, 'POST', '/api/v2/checkins/', { picacode: ida.code }, { token });
    expect(album.status, JSON.stringify(album.body)).toBe(201);
    const all = await call(
      t.h.app,
      'GET',
      `/api/v3/checkins/${album.body.id}/all-medias/?page=1`,
      undefined,
      {
        token,
      },
    );
    const ids = (all.body.results as { id: number }[]).map((m) => m.id).sort((a, b) => a - b);
    expect(ids).toEqual([mine, both].sort((a, b) => a - b));
  });

  it('sends each runner one "ready" e-mail once the event is published, never to an opted-out runner', async () => {
    const event = await race('draft', ['5001', '5002', '5003', '5004']);
    // the organiser's branding, which their e-mail carries
    await t.h.database.executeSql('update organisations set name = $1, logo = $2, theme = $3 where id = $4', [
      'Lakeside Runners',
      '/brand/lakeside.png',
      JSON.stringify({
        primary: '#0f766e',
        primary_contrast: '#ffffff',
        accent: '#f59e0b',
        background: '#f0fdfa',
        surface: '#ffffff',
        text: '#134e4a',
      }),
      orgId,
    ]);
    const csv =
      `${HEADER}\nKai,Sato,kai@example.com,5001,de\nLea,Conti,lea@example.com,5002,\n` +
      'Max,Roth,max@example.com,5003,\nNia,Ode,nia@example.com,5004,fr\n';
    const answer = await importCsv(event.slug, csv, '?consent_confirmed=true', { host: 'evil.example' });
    expect(answer.json().imported).toBe(4);
    await photoWithBibs(event, ['5001', '5002']);
    await photoWithBibs(event, ['5003']);
    // Max opts out before anything is sent: his link's token is the one his e-mail would carry
    const maxId = (
      (await t.h.database.executeSql('select id from runners where bib = $1 and photo_service_id = $2', [
        '5003',
        event.id,
      ])) as { rows: { id: number }[] }
    ).rows[0]!.id;
    const { runnerOptOutTokens } = await import('../src/services/runners/runner-ready');
    const tokens = runnerOptOutTokens('test-media-secret-0123456789abcdef');
    const optedOut = await call(t.h.app, 'POST', OPT_OUT_URL, { token: tokens.token(maxId) });
    expect(optedOut.status).toBe(200);
    expect(optedOut.body).toEqual({ event_name: expect.stringMatching(/^City Marathon/) });

    // a draft: nobody hears anything yet
    expect(await t.h.services.runnerReady.scan(event.id)).toBe(0);
    await settle();
    expect(mailsTo('kai@example.com')).toEqual([]);

    const published = await call(
      t.h.app,
      'PATCH',
      `/api/organiser/v1/events/${event.slug}/`,
      { status: 'published' },
      { token: owner, headers: { host: 'evil.example' } },
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // the publication queued a scan; two more at once change nothing
    await Promise.all([t.h.services.runnerReady.scan(event.id), t.h.services.runnerReady.scan(event.id)]);
    const [kai] = await waitForMail('kai@example.com');
    const [lea] = await waitForMail('lea@example.com');
    // later photos, more scans: nothing more
    await photoWithBibs(event, ['5001']);
    await t.h.services.runnerReady.scan(event.id);
    await t.h.services.runnerReady.scanAll();
    await settle();
    expect(mailsTo('kai@example.com')).toHaveLength(1);
    expect(mailsTo('lea@example.com')).toHaveLength(1);
    expect(mailsTo('max@example.com')).toEqual([]);
    // Nia's bib is on no photo
    expect(mailsTo('nia@example.com')).toEqual([]);

    // their language, else the event's (the organisation is in Italy)
    expect(kai!.subject).toMatch(/^Deine Fotos von City Marathon/);
    expect(lea!.subject).toMatch(/^Le tue foto di City Marathon/);
    const kaiCode = (await codesOf(event.slug)).find((c) => c.tags[0] === 'bib-5001')!.code;
    // links from the configured origin (the organisation's subdomain), never the request's Host
    const links = kai!.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toEqual([
      `http://lakeside.localhost:8080/preview?picacode=${kaiCode}`,
      expect.stringMatching(/^http:\/\/lakeside\.localhost:8080\/runners\/opt-out\?token=[0-9]+\.[\w-]{24}$/),
    ]);
    expect(kai!.html).not.toContain('evil.example');
    // sent in the organiser's name, with their logo from their own site and their colour
    expect(kai!.senderName).toBe('Lakeside Runners');
    expect(kai!.html).toContain(
      '<img src="http://lakeside.localhost:8080/brand/lakeside.png" alt="Lakeside Runners"',
    );
    expect(kai!.html).toMatch(
      /<a href="http:\/\/lakeside\.localhost:8080\/preview\?picacode=\w+" style="[^"]*background:#0f766e/,
    );

    // the link in Kai's e-mail opts Kai out, and only with its own token
    const kaiToken = new URL(links[1] as string).searchParams.get('token')!;
    const [kaiId, mac] = kaiToken.split('.');
    for (const forged of [`${Number(kaiId) + 1}.${mac}`, `${kaiId}.${'A'.repeat(24)}`, 'nonsense']) {
      const refused = await call(t.h.app, 'POST', OPT_OUT_URL, { token: forged });
      expect(refused.status).toBe(400);
      expect(refused.body.data).toEqual({ fields: { token: ['token.invalid'] } });
    }
    expect((await call(t.h.app, 'POST', OPT_OUT_URL, { token: kaiToken })).status).toBe(200);
    expect((await call(t.h.app, 'POST', OPT_OUT_URL, { token: kaiToken })).status).toBe(200);
    const out = await t.h.database.executeSql(
      'select bib from runners where photo_service_id = $1 and opted_out_at is not null order by bib',
      [event.id],
    );
    expect(out.rows).toEqual([{ bib: '5001' }, { bib: '5003' }]);
  });

  it('spaces the "ready" e-mails at the configured rate, on their own queue', async () => {
    const event = await race('published', ['6001', '6002', '6003', '6004', '6005']);
    const rows = ['6001', '6002', '6003', '6004', '6005'].map((b) => `R${b},Test,r${b}@example.com,${b},en`);
    await importCsv(event.slug, `${HEADER}\n${rows.join('\n')}\n`);
    await photoWithBibs(event, ['6001', '6002', '6003', '6004', '6005']);
    await t.h.services.runnerReady.scan(event.id);
    const jobs = await t.h.database.executeSql(
      `select extract(epoch from start_after)::float8 as at from pgboss.job
        where name = $1 and data->'message'->>'to' like 'r600%' order by start_after`,
      [RUNNER_READY_MAIL_QUEUE],
    );
    const at = (jobs.rows as { at: number }[]).map((r) => r.at);
    expect(at).toHaveLength(5);
    // the default 600 a minute: one every 0.1 s
    const gaps = at.slice(1).map((v, i) => Math.round((v - at[i]!) * 1000));
    expect(gaps).toEqual([100, 100, 100, 100]);
  });
});
