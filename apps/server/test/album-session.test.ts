import { ErrorCode } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

// The album's busiest reads (its tree, a gallery's media, all-medias) check the caller's token in
// their album lookup instead of a statement of their own. What a caller sees must not change: a
// revoked, expired, unknown or malformed token is refused at once, another user's album is 404.
describe.each(BACKENDS)('album reads that check the session themselves on %s', (backend) => {
  let h: Harness;
  let checkinId: number;

  const signUp = async (email: string) =>
    (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body.token as string;
  const urls = () => [
    `/api/v3/checkins/${checkinId}/gallery_tree/0/tree/`,
    `/api/v3/checkins/${checkinId}/gallery_tree/0/media/?page=1&page_size=40&extras=true`,
    `/api/v3/checkins/${checkinId}/all-medias/?page=1&page_size=40`,
  ];
  const statuses = async (headers: Record<string, string>) =>
    Promise.all(
      urls().map(async (url) => {
        const res = await h.app.inject({ method: 'GET', url, headers });
        return { status: res.statusCode, code: (res.json() as { code?: string }).code };
      }),
    );

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
  });
  afterAll(() => h?.close());

  const openAlbum = async (email: string) => {
    const token = await signUp(email);
    checkinId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
      .id as number;
    return token;
  };

  it('answers the owner, and refuses the token at once after logout', async () => {
    const token = await openAlbum('owner@example.com');
    expect((await statuses({ authorization: `Token ${token}` })).map((s) => s.status)).toEqual([
      200, 200, 200,
    ]);
    expect((await call(h.app, 'POST', '/api/api/v1/logout/', undefined, { token })).status).toBe(200);
    for (const s of await statuses({ authorization: `Token ${token}` }))
      expect(s).toEqual({ status: 401, code: ErrorCode.unauthorized });
  });

  it('says an expired session expired, and removes it', async () => {
    const token = await openAlbum('expired@example.com');
    // a minute before the app's clock (the harness's, not the database's)
    await h.database.executeSql(
      `update auth_tokens set expires_at = $1 where user_id = (select id from users where email = 'expired@example.com')`,
      [new Date(h.clock.now.getTime() - 60_000).toISOString()],
    );
    // one request first: of parallel ones, only the one that removes the token can say it expired
    const [tree] = urls();
    const first = await h.app.inject({
      method: 'GET',
      url: tree!,
      headers: { authorization: `Token ${token}` },
    });
    expect({ status: first.statusCode, code: (first.json() as { code?: string }).code }).toEqual({
      status: 401,
      code: ErrorCode.tokenExpired,
    });
    // Removed by the first refusal: the next one no longer knows the token.
    for (const s of await statuses({ authorization: `Token ${token}` }))
      expect(s).toEqual({ status: 401, code: ErrorCode.unauthorized });
  });

  it("answers another user's album 404, and no token, a malformed or an unknown one 401", async () => {
    await openAlbum('mine@example.com');
    const stranger = await signUp('stranger@example.com');
    expect((await statuses({ authorization: `Token ${stranger}` })).map((s) => s.status)).toEqual([
      404, 404, 404,
    ]);
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Token short' },
      { authorization: `Token ${'x'.repeat(40)}` },
    ];
    for (const headers of refused)
      expect((await statuses(headers)).map((s) => s.status)).toEqual([401, 401, 401]);
  });

  it('refuses a user who has not accepted the current policies with 403', async () => {
    const token = await openAlbum('policies@example.com');
    await h.database.executeSql(
      `update users set policies_accepted_version = null where email = 'policies@example.com'`,
    );
    for (const s of await statuses({ authorization: `Token ${token}` }))
      expect(s).toEqual({ status: 403, code: ErrorCode.policiesNotAccepted });
  });

  it('answers a bad token 401 before bad input 400, as every other route', async () => {
    const token = await openAlbum('input@example.com');
    const url = `/api/v3/checkins/${checkinId}/gallery_tree/0/media/?page=0`;
    const bad = await h.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Token ${'y'.repeat(40)}` },
    });
    expect(bad.statusCode).toBe(401);
    const good = await h.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
    expect(good.statusCode).toBe(400);
  });
});
