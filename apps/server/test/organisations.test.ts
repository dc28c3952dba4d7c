import { INVITATION_TTL_DAYS } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import { call } from './harness';
import {
  ACCEPT_URL,
  membersUrl,
  NEW_ACCOUNT,
  NEW_PASSWORD,
  startTeamHarness,
  type TeamHarness,
} from './team-fixture';

const ORGS = '/api/organiser/v1/organisations/';
const GOOD = { name: 'Riverside Photos', app_name: 'riverside', country: 'it', currency: 'eur' };

/** Issue 18: creating organisations, invitations by e-mail, the last owner, and bad input. */
describe.each(BACKENDS)('organisations and invitations on %s', (backend) => {
  let t: TeamHarness;
  let orgId: number;
  let owner: string;
  const sql = async (text: string, params: unknown[] = []) =>
    (await t.h.database.executeSql(text, params)).rows as Record<string, unknown>[];
  const counts = async () =>
    (
      await sql(
        `select (select count(*)::int from organisations) as orgs,
                (select count(*)::int from organisation_invitations) as invitations,
                (select count(*)::int from organisation_members) as members`,
      )
    )[0];

  beforeAll(async () => {
    t = await startTeamHarness(backend);
  });
  afterAll(() => t?.h.close());

  it('creates an organisation and e-mails its owner a single-use link built from PUBLIC_URL', async () => {
    const created = await call(
      t.h.app,
      'POST',
      ORGS,
      { ...GOOD, owner_email: ' Owner@Riverside.test ' },
      { token: t.staff, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Riverside Photos',
      app_name: 'riverside',
      country: 'IT',
      currency: 'EUR',
    });
    orgId = created.body.id as number;
    const link = await t.invitationLink('owner@riverside.test');
    const mail = t.mailer.sent.findLast((m) => m.to === 'owner@riverside.test');
    expect(mail?.subject).toContain('Riverside Photos');
    expect(mail?.text).toContain('as owner');
    expect(mail?.html).toContain(link.replaceAll('&', '&amp;'));
    expect(link.startsWith('http://localhost:8080/organiser/invitation?token=')).toBe(true);
    const token = t.tokenOf(link);
    // only a hash of the token is stored
    expect(JSON.stringify(await sql('select * from organisation_invitations'))).not.toContain(token);
    // a new account needs a password that follows the rules (and the consents: invitation-lookup.test.ts)
    const none = await call(t.h.app, 'POST', ACCEPT_URL, { token, is_adult: true, accept_terms: true });
    expect(none.status).toBe(400);
    expect(none.body.data).toEqual({ fields: { password: ['field.required'] } });
    const weak = await call(t.h.app, 'POST', ACCEPT_URL, { token, ...NEW_ACCOUNT, password: 'short' });
    expect(weak.status).toBe(400);
    expect((weak.body.data as { fields: { password: string[] } }).fields.password).toContain(
      'password.rule.length',
    );
    const accepted = await call(t.h.app, 'POST', ACCEPT_URL, {
      token,
      ...NEW_ACCOUNT,
      first_name: 'Rosa',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ token_type: 'Token', organisation: { id: orgId, role: 'owner' } });
    owner = accepted.body.token as string;
    // the session works, and so does signing in with the chosen password
    expect((await call(t.h.app, 'GET', membersUrl(orgId), undefined, { token: owner })).status).toBe(200);
    await t.logIn('owner@riverside.test', NEW_PASSWORD);
    // single use
    const again = await call(t.h.app, 'POST', ACCEPT_URL, { token, password: NEW_PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual({ fields: { token: ['invitation.invalid'] } });
  });

  it(`refuses an invitation ${INVITATION_TTL_DAYS} days after it was sent`, async () => {
    const before = t.sentTo('late@riverside.test');
    const invited = await call(
      t.h.app,
      'POST',
      membersUrl(orgId),
      { email: 'late@riverside.test', role: 'manager' },
      {
        token: owner,
      },
    );
    expect(invited.status).toBe(201);
    const token = t.tokenOf(await t.nextInvitation('late@riverside.test', before));
    const listed = await call(t.h.app, 'GET', membersUrl(orgId), undefined, { token: owner });
    expect(listed.body.invitations).toEqual([
      expect.objectContaining({ email: 'late@riverside.test', role: 'manager' }),
    ]);
    const saved = t.h.clock.now;
    t.h.clock.now = new Date(saved.getTime() + INVITATION_TTL_DAYS * 86_400_000 + 60_000);
    try {
      const late = await call(t.h.app, 'POST', ACCEPT_URL, { token, password: NEW_PASSWORD });
      expect(late.status).toBe(400);
      expect(late.body.data).toEqual({ fields: { token: ['invitation.expired'] } });
      expect((await sql(`select * from users where email = 'late@riverside.test'`)).length).toBe(0);
    } finally {
      t.h.clock.now = saved;
    }
  });

  it('joins an existing account only when signed in as it or given its password', async () => {
    const before = t.sentTo('demo@fotodrop.test');
    await call(
      t.h.app,
      'POST',
      membersUrl(orgId),
      { email: 'demo@fotodrop.test', role: 'photographer' },
      {
        token: owner,
      },
    );
    const token = t.tokenOf(await t.nextInvitation('demo@fotodrop.test', before));
    const stranger = await t.participant('stranger@example.com');
    const asStranger = await call(t.h.app, 'POST', ACCEPT_URL, { token }, { token: stranger });
    expect(asStranger.status).toBe(400);
    expect(asStranger.body).toMatchObject({
      code: 'wrong_password',
      data: { fields: { password: ['password.enter'] } },
    });
    const wrong = await call(t.h.app, 'POST', ACCEPT_URL, { token, password: 'Not-the-one-1' });
    expect(wrong.body).toMatchObject({
      code: 'wrong_password',
      data: { fields: { password: ['password.wrong'] } },
    });
    const right = await call(t.h.app, 'POST', ACCEPT_URL, { token, password: 'Fotodrop-demo1' });
    expect(right.status).toBe(200);
    expect(right.body.organisation).toMatchObject({ id: orgId, role: 'photographer' });
    // the same account, not a second one
    expect((await sql(`select id from users where lower(email) = 'demo@fotodrop.test'`)).length).toBe(1);
    // signed in as the invitee, no password is needed
    const second = t.sentTo('demo@fotodrop.test');
    const otherOrg = await t.createOrganisation('brookside', 'owner@brookside.test');
    await call(
      t.h.app,
      'POST',
      membersUrl(otherOrg.id),
      { email: 'demo@fotodrop.test', role: 'support' },
      {
        token: otherOrg.owner,
      },
    );
    const token2 = t.tokenOf(await t.nextInvitation('demo@fotodrop.test', second));
    const demo = await t.logIn('demo@fotodrop.test', 'Fotodrop-demo1');
    expect((await call(t.h.app, 'POST', ACCEPT_URL, { token: token2 }, { token: demo })).status).toBe(200);
  });

  it("does not take staff viewing as the invitee for the invitee's own acceptance", async () => {
    await t.participant('viewed@example.com');
    const before = t.sentTo('viewed@example.com');
    await call(
      t.h.app,
      'POST',
      membersUrl(orgId),
      { email: 'viewed@example.com', role: 'support' },
      { token: owner },
    );
    const token = t.tokenOf(await t.nextInvitation('viewed@example.com', before));
    const [viewed] = await sql(`select id from users where email = 'viewed@example.com'`);
    const asUser = await call(
      t.h.app,
      'POST',
      '/api/impersonate/user/impersonate/',
      { user: viewed?.id },
      {
        token: t.staff,
      },
    );
    expect(asUser.status).toBe(200);
    const accepted = await call(
      t.h.app,
      'POST',
      ACCEPT_URL,
      { token },
      { token: asUser.body.token as string },
    );
    expect(accepted).toMatchObject({ status: 400, body: { code: 'wrong_password' } });
    expect(await sql(`select * from organisation_members where user_id = $1`, [viewed?.id])).toEqual([]);
  });

  it('keeps the last owner, and a removed member loses access with the next request', async () => {
    const members = async () =>
      (await call(t.h.app, 'GET', membersUrl(orgId), undefined, { token: t.staff })).body.results as {
        id: number;
        email: string;
        role: string;
      }[];
    const ownerId = (await members()).find((m) => m.email === 'owner@riverside.test')!.id;
    // nor by deleting the account
    const deleted = await call(
      t.h.app,
      'POST',
      '/api/v1/users/me/delete/',
      { password: NEW_PASSWORD },
      {
        token: owner,
      },
    );
    expect(deleted).toMatchObject({ status: 409, body: { code: 'last_owner' } });
    expect(deleted.body.message).toContain('Riverside Photos');
    const removeSelf = await call(t.h.app, 'DELETE', membersUrl(orgId, ownerId), undefined, { token: owner });
    expect(removeSelf.status).toBe(409);
    expect(removeSelf.body).toMatchObject({
      code: 'last_owner',
      message: expect.stringContaining('last owner'),
    });
    const demote = await call(
      t.h.app,
      'PATCH',
      membersUrl(orgId, ownerId),
      { role: 'manager' },
      { token: owner },
    );
    expect(demote.status).toBe(409);
    expect((await members()).find((m) => m.id === ownerId)?.role).toBe('owner');

    const second = await t.addMember(orgId, owner, 'co-owner@riverside.test', 'owner');
    // with two owners, one may go; the one left cannot
    expect(
      (
        await call(
          t.h.app,
          'PATCH',
          membersUrl(orgId, second.memberId),
          { role: 'manager' },
          { token: owner },
        )
      ).status,
    ).toBe(200);
    expect(
      (await call(t.h.app, 'PATCH', membersUrl(orgId, second.memberId), { role: 'owner' }, { token: owner }))
        .status,
    ).toBe(200);
    expect((await call(t.h.app, 'GET', membersUrl(orgId), undefined, { token: second.token })).status).toBe(
      200,
    );
    expect(
      (await call(t.h.app, 'DELETE', membersUrl(orgId, second.memberId), undefined, { token: owner })).status,
    ).toBe(200);
    // the removed owner's session stays, its access to the organisation does not
    expect((await call(t.h.app, 'GET', membersUrl(orgId), undefined, { token: second.token })).status).toBe(
      404,
    );
    const mine = await call(t.h.app, 'GET', ORGS, undefined, { token: second.token });
    expect(mine).toMatchObject({ status: 200, body: { results: [] } });
    // a member who is not in the organisation any more is 404
    expect(
      (await call(t.h.app, 'DELETE', membersUrl(orgId, second.memberId), undefined, { token: owner })).status,
    ).toBe(404);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = await counts();
    const mailsBefore = t.mailer.sent.length;
    const create = (body: Record<string, unknown>) => call(t.h.app, 'POST', ORGS, body, { token: t.staff });
    const field = async (body: Record<string, unknown>, name: string, message: string) => {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((answer.body.data as { fields: Record<string, string[]> }).fields[name]).toContain(message);
      expect(answer.body.message).toEqual(expect.any(String));
    };
    const base = { ...GOOD, app_name: 'fresh', owner_email: 'new@fresh.test' };
    for (const bad of ['Bad_Name', '-lead', 'trail-', 'two.labels', 'a'.repeat(64), 'ünï', ''])
      await field({ ...base, app_name: bad }, 'app_name', bad === '' ? 'field.required' : 'app_name.invalid');
    await field({ ...base, app_name: 'riverside' }, 'app_name', 'app_name.taken');
    await field({ ...base, app_name: 'www' }, 'app_name', 'app_name.reserved');
    await field({ ...base, country: 'Italy' }, 'country', 'country.invalid');
    await field({ ...base, currency: 'euro' }, 'currency', 'currency.invalid');
    await field({ ...base, owner_email: 'not-an-email' }, 'owner_email', 'email.invalid');
    await field({ ...base, name: 'x'.repeat(100_000) }, 'name', 'field.too_long');
    await field({ ...base, name: 'Nul\u0000Org' }, 'name', 'field.invalid_character');
    const unknownRole = await call(
      t.h.app,
      'POST',
      membersUrl(orgId),
      { email: 'x@riverside.test', role: 'admin' },
      {
        token: owner,
      },
    );
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.data).toEqual({ fields: { role: ['role.invalid'] } });
    const patchRole = await call(t.h.app, 'PATCH', membersUrl(orgId, 1), { role: 'boss' }, { token: owner });
    expect(patchRole.status).toBe(400);
    const member = await call(
      t.h.app,
      'POST',
      membersUrl(orgId),
      { email: 'owner@riverside.test', role: 'support' },
      {
        token: owner,
      },
    );
    expect(member).toMatchObject({ status: 409, body: { code: 'already_member' } });
    const hugeToken = await call(t.h.app, 'POST', ACCEPT_URL, {
      token: 'x'.repeat(10_000),
      password: NEW_PASSWORD,
    });
    expect(hugeToken.status).toBe(400);
    expect(await counts()).toEqual(before);
    await new Promise((r) => setTimeout(r, 1000));
    expect(t.mailer.sent.length).toBe(mailsBefore);
  });
});
