import type { OrganiserRunner } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { registerRunnerReadyWorkers } from '../src/services/runners/runner-ready.jobs';
import { BACKENDS } from './databases';
import { call } from './harness';
import { addPhoto } from './photos';
import { startTeamHarness, type TeamHarness } from './team-fixture';

const HEADER = 'First name,Last name,E-mail,Bib,Language';
const listUrl = (slug: string, query = '') =>
  `/api/organiser/v1/events/${slug}/participants/runners/${query}`;

/**
 * Issue 20, the organiser's list of a race's runners: who was imported, their code, the photos
 * found with their bib and where their "ready" e-mail stands; searched, paged, and only for the
 * organisation's console (codes.read).
 */
describe.each(BACKENDS)('the runners list on %s', (backend) => {
  let t: TeamHarness;
  let owner: string;
  let support: string;
  let otherOwner: string;
  let stopKicks: () => void;
  const event = { id: 0, slug: 'feed0001', gallery: 0 };

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    const org = await t.createOrganisation('riverside', 'owner@riverside.test');
    owner = org.owner;
    support = (await t.addMember(org.id, owner, 'help@riverside.test', 'support')).token;
    otherOwner = (await t.createOrganisation('hillside', 'owner@hillside.test')).owner;
    stopKicks = await registerRunnerReadyWorkers(t.h.jobs, t.mailer, t.h.services.runnerReady);
    const repo = photoServicesRepository(t.h.database.db);
    const created = await repo.insert({
      organisationId: org.id,
      slug: event.slug,
      name: 'River Ten',
      experienceType: 'event',
      startDate: '2026-10-04',
      endDate: '2026-10-04',
      currency: 'EUR',
      status: 'published',
    });
    event.id = created.id;
    event.gallery = (
      await repo.insertGallery({ photoServiceId: created.id, name: 'Finish', position: 0 })
    ).id;
    const csv =
      `${HEADER}\nZoe,Adler,zoe@example.com,1200,de\nAnna,Rossi,anna.rossi@example.com,998,it\n` +
      'Ben,Okafor,ben@example.com,1043,\n';
    const imported = await t.h.app.inject({
      method: 'POST',
      url: `/api/organiser/v1/events/${event.slug}/participants/import/?consent_confirmed=true`,
      headers: { authorization: `Token ${owner}`, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.json()).toEqual({ imported: 3, refused: [] });
  });
  afterAll(async () => {
    stopKicks?.();
    await t?.h.close();
  });

  const list = async (query = '', token = owner) =>
    call(t.h.app, 'GET', listUrl(event.slug, query), undefined, { token });
  const byBib = async () =>
    new Map(((await list()).body.results as OrganiserRunner[]).map((r) => [r.bib, r] as const));

  it('lists the runners by bib with their code and when they were imported', async () => {
    const answer = await list();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const runners = answer.body.results as OrganiserRunner[];
    // numbers in numeric order, not as text
    expect(runners.map((r) => r.bib)).toEqual(['998', '1043', '1200']);
    expect(answer.body.pagination).toEqual({ total: 3, num_pages: 1, page_size: 50, page_number: 1 });
    const codes = await call(t.h.app, 'GET', `/api/organiser/v1/events/${event.slug}/codes/`, undefined, {
      token: owner,
    });
    const codeOf = (bib: string) =>
      (codes.body.results as { code: string; tags: string[] }[]).find((c) => c.tags[0] === `bib-${bib}`)
        ?.code;
    expect(runners[0]).toEqual({
      id: expect.any(Number),
      bib: '998',
      first_name: 'Anna',
      last_name: 'Rossi',
      email: 'anna.rossi@example.com',
      language: 'it',
      code: codeOf('998'),
      imported_at: expect.any(String),
      photos: 0,
      ready_queued_at: null,
      ready_sent_at: null,
      opted_out_at: null,
    });
    expect(runners[1]).toMatchObject({ bib: '1043', language: null, code: codeOf('1043') });
    expect(Date.now() - Date.parse(runners[0]!.imported_at)).toBeLessThan(10 * 60_000);
  });

  it('searches by name, e-mail or bib, and pages', async () => {
    const bibs = async (query: string) =>
      ((await list(query)).body.results as OrganiserRunner[]).map((r) => r.bib);
    expect(await bibs('?search=rossi')).toEqual(['998']);
    expect(await bibs('?search=Anna%20Ross')).toEqual(['998']);
    expect(await bibs('?search=ben%40example')).toEqual(['1043']);
    expect(await bibs('?search=120')).toEqual(['1200']);
    expect(await bibs('?search=%25')).toEqual([]);
    const second = await list('?page=2&page_size=2');
    expect((second.body.results as OrganiserRunner[]).map((r) => r.bib)).toEqual(['1200']);
    expect(second.body.pagination).toEqual({ total: 3, num_pages: 2, page_size: 2, page_number: 2 });
    expect((await list('?page_size=501')).status).toBe(400);
  });

  it('counts the visible photos with each bib and shows the "ready" e-mail queued, sent and opted out', async () => {
    await addPhoto(t.h, { serviceId: event.id, galleryId: event.gallery, tags: ['bib-1043'] }, 1);
    await addPhoto(t.h, { serviceId: event.id, galleryId: event.gallery, tags: ['bib-1043', 'bib-998'] }, 2);
    const hidden = await addPhoto(
      t.h,
      { serviceId: event.id, galleryId: event.gallery, tags: ['bib-998'] },
      3,
    );
    await t.h.database.executeSql('update media set hidden_at = now() where id = $1', [hidden]);
    await t.h.services.runnerReady.scan(event.id);
    let runners = await byBib();
    for (
      let i = 0;
      i < 100 && !(runners.get('1043')?.ready_sent_at && runners.get('998')?.ready_sent_at);
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
      runners = await byBib();
    }
    expect(runners.get('1043')).toMatchObject({ photos: 2, ready_queued_at: expect.any(String) });
    expect(runners.get('998')).toMatchObject({ photos: 1, ready_sent_at: expect.any(String) });
    expect(runners.get('1200')).toMatchObject({ photos: 0, ready_queued_at: null, ready_sent_at: null });
    expect(t.mailer.sent.filter((m) => m.to === 'ben@example.com')).toHaveLength(1);
    const ben = runners.get('1043')!;
    expect(Date.parse(ben.ready_sent_at!)).toBeGreaterThanOrEqual(Date.parse(ben.ready_queued_at!));

    await t.h.database.executeSql('update runners set opted_out_at = now() where id = $1', [ben.id]);
    expect((await byBib()).get('1043')?.opted_out_at).toEqual(expect.any(String));
  });

  it('is for the organisation console: support reads it, another organisation and the anonymous do not', async () => {
    expect((await list('', support)).status).toBe(200);
    const outsider = await list('', otherOwner);
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain('Rossi');
    const participant = await t.participant('runner-list@example.com');
    expect((await list('', participant)).status).toBe(404);
    const anonymous = await call(t.h.app, 'GET', listUrl(event.slug));
    expect(anonymous.status).toBe(401);
    expect((await list('', owner)).status).toBe(200);
    const unknown = await call(t.h.app, 'GET', listUrl('dead0000'), undefined, { token: owner });
    expect(unknown.status).toBe(404);
  });
});
