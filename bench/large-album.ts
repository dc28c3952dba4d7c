// The large album the album benchmarks share: the demo marathon with a runner whose album code
// sees PHOTOS photos spread over the event's galleries, beside as many photos of other runners.
import { argon2Hasher } from '../apps/server/src/adapters/password-hasher';
import type { Database } from '../apps/server/src/db/client';
import { seedBase, seedDemo } from '../apps/server/src/seed/demo';

/** The demo runner's album code (tag bib-1042) and account. */
export const ALBUM_CODE = 'K7M2Q9P';
export const DEMO_LOGIN = { username: 'demo@fotodrop.test', password: 'Fotodrop-demo1' };

export interface LargeAlbum {
  serviceId: number;
  /** The galleries photos were put in (Start, Km 10, Km 30, Finish). */
  galleryIds: number[];
}

const one = async <T>(database: Database, text: string, values: unknown[]): Promise<T> =>
  (await database.executeSql(text, values)).rows[0] as T;

/**
 * Demo data plus `photos` rows (no files: queries and link signing are what the benchmarks
 * measure) tagged with the runner's bib, the same number of other runners' photos, as many again
 * in each of two other events, one in 25 of the runner's photos a favourite and one in 500
 * removed from the album.
 */
export async function seedLargeAlbum(database: Database, photos: number): Promise<LargeAlbum> {
  await seedBase(database.db);
  await seedDemo(database.db, argon2Hasher, 1);
  const { id: serviceId } = await one<{ id: number }>(
    database,
    'select id from photo_services where slug = $1',
    ['5e1a0c3d'],
  );
  // Leaf galleries only, so the tree has a parent (Course) whose count sums its children.
  const galleryIds = (
    await database.executeSql(
      `select g.id from galleries g where g.photo_service_id = $1
         and not exists (select 1 from galleries c where c.parent_id = g.id) order by g.id`,
      [serviceId],
    )
  ).rows.map((r) => (r as { id: number }).id);
  await database.executeSql(
    `insert into media (photo_service_id, gallery_id, type, status, tags, width, height, taken_at)
     select $1, ($2::int[])[1 + (g / 2) % array_length($2::int[], 1)], 'photo', 'ready',
       case when g % 2 = 0 then array['bib-1042'] else array['bib-' || (g % 997)::text] end,
       1600, 1067, timestamptz '2026-05-17 09:00:00+00' + (g || ' seconds')::interval
     from generate_series(1, $3::int * 2) g`,
    [serviceId, galleryIds, photos],
  );
  // Other events fill the table, as in a real installation: the album's queries must not read them.
  await database.executeSql(
    `insert into media (photo_service_id, type, status, tags, width, height, taken_at)
     select s.id, 'photo', 'ready', array['bib-' || (g % 997)::text], 1600, 1067,
       timestamptz '2026-05-17 09:00:00+00' + (g || ' seconds')::interval
     from (select id from photo_services where id <> $1 order by id limit 2) s, generate_series(1, $2::int) g`,
    [serviceId, photos],
  );
  const { id: userId } = await one<{ id: number }>(database, 'select id from users where email = $1', [
    DEMO_LOGIN.username,
  ]);
  const runner = `select id, row_number() over (order by id) n from media
    where photo_service_id = $1 and tags = array['bib-1042']`;
  await database.executeSql(
    `insert into media_favourites (user_id, media_id) select $2, id from (${runner}) m where n % 25 = 0`,
    [serviceId, userId],
  );
  await database.executeSql(
    `insert into media_hidden (user_id, media_id) select $2, id from (${runner}) m where n % 500 = 0`,
    [serviceId, userId],
  );
  // What autovacuum does within a minute of an upload: statistics and the visibility map.
  await database.executeSql('vacuum analyze', []);
  return { serviceId, galleryIds };
}

/** Logs the demo runner in and opens the album of their code; its token and check-in id. */
export async function openAlbum(baseUrl: string): Promise<{ token: string; checkinId: number }> {
  const login = await fetch(`${baseUrl}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${baseUrl}/api/v2/checkins/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ picacode: ALBUM_CODE }),
  });
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`opening the album answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  return { token, checkinId: id };
}
