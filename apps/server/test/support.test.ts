import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/adapters/mail/mailer';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, SIGNUP, startHarness } from './harness';

async function multipart(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('screenshot', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

const REQUEST = {
  name: 'Vera Visitor',
  email: 'Vera@Example.com',
  category: 'missing_photos',
  subject: 'No photos from km 30',
  message: 'My code K7M2Q9P shows the start but nothing from km 30.',
  picacode: 'k7m2q9p',
};

interface Group {
  key: string;
  title: string;
  faqs: { question: string; answer: string }[];
}

/** The help area (entry spec §7): FAQ groups, the form's events, and a request reaching support. */
describe.each(BACKENDS)('help and support on %s', (backend) => {
  let h: Harness;
  let mailer: ReturnType<typeof collectingMailer>;
  let token: string;
  let marathonId: number;
  let brandedId: number;
  const sql = (text: string, params: unknown[] = []) => h.database.executeSql(text, params);
  const send = (body: unknown, headers: Record<string, string> = {}, auth?: string) =>
    call(h.app, 'POST', '/api/support/v1/request/send/', body, { headers, ...(auth ? { token: auth } : {}) });
  const requestsCount = async () =>
    Number(((await sql('select count(*)::int as n from support_requests')).rows[0] as { n: number }).n);
  /** The mail the worker delivered to `to` about request `id`, waiting for it (the queue keeps no order). */
  async function mailTo(to: string, id: unknown): Promise<MailMessage> {
    for (let i = 0; i < 100; i++) {
      const found = mailer.sent.find((m) => m.to === to && m.subject.includes(`${id}`));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail to ${to}; sent: ${mailer.sent.map((m) => m.to).join(', ')}`);
  }

  beforeAll(async () => {
    mailer = collectingMailer();
    h = await startHarness(backend, { mailer });
    await registerMailWorker(h.jobs, mailer);
    await seedDemo(h.database.db, argon2Hasher, 1);
    // Wednesday 25 November 2026, 11:00 in Rome: support is open
    h.clock.now = new Date('2026-11-25T10:00:00Z');
    marathonId = (
      (await sql("select id from photo_services where slug = '5e1a0c3d'")).rows[0] as { id: number }
    ).id;
    brandedId = (
      (await sql("select id from organisations where app_name = 'alpinerun'")).rows[0] as { id: number }
    ).id;
    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    expect((await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('FAQ', () => {
    it('answers the platform groups in the request language', async () => {
      const en = await call(h.app, 'GET', '/api/support/v1/request/faqs/');
      expect(en.status).toBe(200);
      const groups = en.body.results as Group[];
      expect(groups.map((g) => g.key)).toEqual([
        'finding-photos',
        'buying',
        'downloads',
        'privacy',
        'prints',
      ]);
      expect(groups[0]!.faqs[0]!.question).toBe('How do I find my photos?');
      const de = await call(h.app, 'GET', '/api/support/v1/request/faqs/', undefined, {
        headers: { 'accept-language': 'de-CH,de;q=0.9' },
      });
      const deGroups = de.body.results as Group[];
      expect(deGroups[0]!.title).toBe('Deine Fotos finden');
      expect(deGroups[0]!.faqs[0]!.question).toBe('Wie finde ich meine Fotos?');
    });

    it('puts the event’s own questions first when asked for an event; an unknown event adds nothing', async () => {
      const event = await call(
        h.app,
        'GET',
        `/api/support/v1/request/faqs/?event_id=${marathonId}`,
        undefined,
        {
          headers: { 'accept-language': 'it' },
        },
      );
      const groups = event.body.results as Group[];
      expect(groups[0]!.key).toBe('event-lakeside-marathon');
      expect(groups[0]!.faqs[0]!.question).toBe('Dove erano i fotografi lungo il percorso?');
      expect(groups).toHaveLength(6);
      const unknown = await call(h.app, 'GET', '/api/support/v1/request/faqs/?event_id=999999');
      expect((unknown.body.results as Group[]).map((g) => g.key)).not.toContain('event-lakeside-marathon');
      expect((await call(h.app, 'GET', '/api/support/v1/request/faqs/?event_id=abc')).status).toBe(400);
    });
  });

  describe('events of the form', () => {
    it('lists nothing for a visitor and the events of a signed-in user’s albums', async () => {
      const visitor = await call(h.app, 'GET', '/api/support/v1/request/events/');
      expect(visitor.status).toBe(200);
      expect(visitor.body.results).toEqual([]);
      expect(visitor.body.support).toMatchObject({
        email: 'support@fotodrop.example',
        open: true,
        closed_reason: null,
        answer_by: '2026-11-26',
        time_zone: 'Europe/Rome',
      });
      const user = await call(h.app, 'GET', '/api/support/v1/request/events/', undefined, { token });
      expect(user.body.results).toEqual([
        expect.objectContaining({ id: marathonId, name: 'Lakeside City Marathon' }),
      ]);
    });

    it('names the branded site’s own support address and is closed on weekends and holidays', async () => {
      const branded = await call(h.app, 'GET', '/api/support/v1/request/events/', undefined, {
        headers: { 'x-event-owner': String(brandedId) },
      });
      expect((branded.body.support as { email: string }).email).toBe('photos@alpinerun.example');
      h.clock.now = new Date('2026-11-28T10:00:00Z');
      const saturday = (await call(h.app, 'GET', '/api/support/v1/request/events/')).body.support;
      expect(saturday).toMatchObject({ open: false, closed_reason: 'weekend', answer_by: '2026-11-30' });
      h.clock.now = new Date('2026-12-25T10:00:00Z');
      const christmas = (await call(h.app, 'GET', '/api/support/v1/request/events/')).body.support;
      expect(christmas).toMatchObject({ open: false, closed_reason: 'holiday', answer_by: '2026-12-28' });
      h.clock.now = new Date('2026-11-25T10:00:00Z');
    });
  });

  describe('sending a request', () => {
    it('refuses incomplete or wrong fields with their keys and stores nothing', async () => {
      const before = await requestsCount();
      const bad = await send({ ...REQUEST, email: 'not-an-address', category: 'refund-now', message: ' ' });
      expect(bad.status).toBe(400);
      const fields = (bad.body.data as { fields: Record<string, string[]> }).fields;
      expect(fields.email).toEqual(['email.invalid']);
      expect(fields.category).toEqual(['support.category_required']);
      expect(fields.message).toEqual(['field.required']);
      // a visitor has no albums: no event can be named
      const event = await send({ ...REQUEST, event_id: marathonId });
      expect(event.status).toBe(400);
      expect((event.body.data as { fields: Record<string, string[]> }).fields.event_id).toEqual([
        'support.event_unknown',
      ]);
      expect(await requestsCount()).toBe(before);
    });

    it('stores a visitor’s request, e-mails it to support and confirms it in the visitor’s language', async () => {
      const sent = await send(REQUEST, { 'accept-language': 'de' });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ open: true, answer_by: '2026-11-26' });
      const id = sent.body.id as number;
      const row = (await sql('select * from support_requests where id = $1', [id])).rows[0] as Record<
        string,
        unknown
      >;
      expect(row).toMatchObject({
        email: 'vera@example.com',
        picacode: 'K7M2Q9P',
        category: 'missing_photos',
        language: 'de',
        user_id: null,
        organisation_id: 34,
      });
      const toSupport = await mailTo('support@fotodrop.example', `#${id}`);
      expect(toSupport.replyTo).toBe('vera@example.com');
      expect(toSupport.subject).toContain(`#${id}`);
      expect(toSupport.text).toContain('Album code: K7M2Q9P');
      expect(toSupport.text).toContain('km 30');
      const confirmation = await mailTo('vera@example.com', id);
      expect(confirmation.subject).toBe(`Wir haben deine Anfrage Nr. ${id} erhalten`);
      expect(confirmation.text).toContain('Donnerstag, 26. November 2026');
      expect(confirmation.replyTo).toBe('support@fotodrop.example');
    });

    it('accepts a request while support is closed and says when the answer comes', async () => {
      h.clock.now = new Date('2026-11-28T16:00:00Z');
      const sent = await send({ ...REQUEST, email: 'weekend@example.com' });
      expect(sent.body).toMatchObject({ open: false, answer_by: '2026-11-30' });
      const confirmation = await mailTo('weekend@example.com', sent.body.id);
      expect(confirmation.text).toContain('Support is closed today');
      expect(confirmation.text).toContain('Monday, 30 November 2026');
      h.clock.now = new Date('2026-11-25T10:00:00Z');
    });

    it('links a signed-in user’s request to the event of their album', async () => {
      const sent = await send({ ...REQUEST, email: SIGNUP.email, event_id: marathonId }, {}, token);
      expect(sent.status).toBe(201);
      const row = (await sql('select * from support_requests where id = $1', [sent.body.id]))
        .rows[0] as Record<string, unknown>;
      expect(row.photo_service_id).toBe(marathonId);
      expect(row.user_id).not.toBeNull();
      const toSupport = await mailTo('support@fotodrop.example', `#${sent.body.id}`);
      expect(toSupport.text).toContain('Event: Lakeside City Marathon');
    });

    it('names the event of the album code given without an event (issue 17: "Event: —")', async () => {
      const sent = await send({ ...REQUEST, email: 'code-only@example.com' });
      expect(sent.status).toBe(201);
      const row = (await sql('select * from support_requests where id = $1', [sent.body.id]))
        .rows[0] as Record<string, unknown>;
      expect(row.photo_service_id).toBe(marathonId);
      const toSupport = await mailTo('support@fotodrop.example', `#${sent.body.id}`);
      expect(toSupport.text).toContain('Event: Lakeside City Marathon');
      expect(toSupport.text).toContain('Album code: K7M2Q9P');
      // a code that names no album: no event, and nothing the sender could tell from the answer
      const unknown = await send({ ...REQUEST, email: 'wrong-code@example.com', picacode: 'ZZZZ999' });
      expect(unknown.status).toBe(201);
      expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(sent.body).sort());
      const other = await mailTo('support@fotodrop.example', `#${unknown.body.id}`);
      expect(other.text).toContain('Event: —');
    });

    it('attaches a screenshot sent as multipart, re-encoded; refuses a file that is not an image', async () => {
      const png = await sharp({
        create: { width: 390, height: 844, channels: 3, background: { r: 20, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      const form = await multipart(
        { ...REQUEST, email: 'shot@example.com' },
        { bytes: png, name: 'screen.png', type: 'image/png' },
      );
      const good = await h.app.inject({
        method: 'POST',
        url: '/api/support/v1/request/send/',
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(good.statusCode, good.body).toBe(201);
      const toSupport = await mailTo('support@fotodrop.example', `#${good.json().id}`);
      expect(toSupport.attachments?.[0]?.contentType).toBe('image/jpeg');
      const jpeg = Buffer.from(toSupport.attachments![0]!.contentBase64, 'base64');
      expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
      const key = (
        (await sql('select screenshot_key from support_requests where id = $1', [good.json().id]))
          .rows[0] as {
          screenshot_key: string;
        }
      ).screenshot_key;
      expect(key).toMatch(/^support\/.+\/screenshot\.jpg$/);

      const before = await requestsCount();
      const fake = await multipart(
        { ...REQUEST, email: 'fake@example.com' },
        { bytes: Buffer.from('<svg onload="alert(1)"></svg>'), name: 'screen.png', type: 'image/png' },
      );
      const refused = await h.app.inject({
        method: 'POST',
        url: '/api/support/v1/request/send/',
        headers: { 'content-type': fake.contentType },
        payload: fake.payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.fields.screenshot).toEqual(['support.screenshot_not_image']);
      expect(await requestsCount()).toBe(before);
    });

    it('lets nobody use up another sender’s requests: 5 an hour per e-mail address and client address (issue 17 item 13)', async () => {
      const from = (ip: string, email: string) =>
        h.app.inject({
          method: 'POST',
          url: '/api/support/v1/request/send/',
          remoteAddress: ip,
          payload: { ...REQUEST, email },
        });
      for (let i = 0; i < 5; i++)
        expect((await from('198.51.100.1', 'owner@example.com')).statusCode).toBe(201);
      const limited = await from('198.51.100.1', 'owner@example.com');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // the owner, elsewhere, still writes to support
      expect((await from('198.51.100.2', 'owner@example.com')).statusCode).toBe(201);
    });

    it('confirms to one mailbox 3 times an hour at most, whoever sends; later requests still reach support', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await h.app.inject({
          method: 'POST',
          url: '/api/support/v1/request/send/',
          remoteAddress: `198.51.100.${10 + i}`,
          payload: { ...REQUEST, email: 'target@example.com' },
        });
        expect(answer.statusCode).toBe(201);
        expect(answer.json().detail).toBe(
          i < 3
            ? 'Your request has been sent. We have e-mailed you a confirmation.'
            : 'Your request has been sent.',
        );
        ids.push(answer.json().id);
      }
      for (const id of ids) await mailTo('support@fotodrop.example', `#${id}`);
      for (const id of ids.slice(0, 3)) await mailTo('target@example.com', id);
      expect(mailer.sent.filter((m) => m.to === 'target@example.com')).toHaveLength(3);
    });

    it('puts none of the submitted text into the confirmation of an address only typed into the form', async () => {
      const bait = {
        ...REQUEST,
        email: 'someone-else@example.com',
        name: 'Your bank: call +1 555 0100',
        subject: 'Your account is locked',
        message: 'Visit http://evil.example/login to unlock it.',
      };
      const check = async (answer: { status: number; body: Record<string, unknown> }, to: string) => {
        expect(answer.status).toBe(201);
        const confirmation = await mailTo(to, answer.body.id);
        for (const text of [confirmation.text, confirmation.html ?? '', confirmation.subject]) {
          for (const words of ['555 0100', 'locked', 'evil.example', 'Rita'])
            expect(text).not.toContain(words);
        }
        expect(confirmation.text).toMatch(/^Hello,\n/);
      };
      // a visitor
      await check(await send(bait, { 'accept-language': 'en' }), 'someone-else@example.com');
      // a signed-in user writing to another address, or to their own one they never proved
      await check(await send(bait, {}, token), 'someone-else@example.com');
      await check(await send({ ...bait, email: SIGNUP.email }, {}, token), SIGNUP.email);
    });

    it('copies the request to a signed-in user’s own address once they proved it (a reset link used)', async () => {
      const user = (await sql('select id from users where email = $1', [SIGNUP.email])).rows[0] as {
        id: number;
      };
      await sql(
        "insert into password_reset_tokens (user_id, token_hash, expires_at, used_at) values ($1, 'used-link', now(), now())",
        [user.id],
      );
      const sent = await send({ ...REQUEST, email: SIGNUP.email.toUpperCase() }, {}, token);
      expect(sent.status).toBe(201);
      const confirmation = await mailTo(SIGNUP.email, sent.body.id);
      expect(confirmation.text).toContain('Hello Vera Visitor,');
      expect(confirmation.text).toContain('No photos from km 30');
      expect(confirmation.text).toContain('nothing from km 30');
    });

    it('limits one mailbox to 5 requests an hour from one address while others on it still get through', async () => {
      const ip = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < 5; i++) {
        expect((await send({ ...REQUEST, email: 'spam@example.com' }, ip)).status).toBe(201);
      }
      const limited = await send({ ...REQUEST, email: 'spam@example.com' }, ip);
      expect(limited.status).toBe(429);
      expect(limited.raw.headers['retry-after']).toBeDefined();
      expect((await send({ ...REQUEST, email: 'neighbour@example.com' }, ip)).status).toBe(201);
    });
  });
});
