/**
 * What every `FaceIndex` must do, as tests: the exact scan (PGlite and PostgreSQL) and pgvector are
 * held to the same behaviour the matching relies on. `open` gives an index over a fresh database
 * and a way to insert rows the way indexing does (faces first, then add()).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { FaceIndex, IndexedFace } from './face-index';

export interface FaceIndexFixture {
  database: Database;
  /** An index over this database; a second call gives a second, independent instance (another process). */
  index(): FaceIndex;
  close(): Promise<void>;
}

export function describeFaceIndexContract(
  name: string,
  open: () => Promise<FaceIndexFixture>,
  faces: { person(): Float32Array; face(person: Float32Array, spread?: number): Float32Array },
) {
  describe(`FaceIndex contract: ${name}`, () => {
    let fixture: FaceIndexFixture;
    let index: FaceIndex;
    let events: number[];
    const sql = (text: string, values: unknown[] = []) => fixture.database.executeSql(text, values);

    /** Stores faces of one medium the way indexing does, then adds them to the index. */
    async function store(event: number, descriptors: Float32Array[], on: FaceIndex = index) {
      const { rows: media } = await sql(
        "insert into media (photo_service_id, type, status) values ($1, 'photo', 'ready') returning id",
        [event],
      );
      const mediaId = (media[0] as { id: number }).id;
      const stored: IndexedFace[] = [];
      for (const d of descriptors) {
        const { rows } = await sql(
          `insert into faces (media_id, photo_service_id, box, landmarks, score, size_px, descriptor)
           values ($1, $2, '{"x":0,"y":0,"width":0.1,"height":0.1}', '[]', 0.9, 100, $3::real[]) returning id`,
          [mediaId, event, `{${Array.from(d).join(',')}}`],
        );
        stored.push({ id: (rows[0] as { id: number }).id, photoServiceId: event, mediaId, descriptor: d });
      }
      await on.add(stored);
      return { mediaId, faceIds: stored.map((f) => f.id) };
    }

    beforeAll(async () => {
      fixture = await open();
      index = fixture.index();
      const { rows: orgs } = await sql(
        "insert into organisations (app_name, name) values ('faces-test', 'Faces') returning id",
      );
      const org = (orgs[0] as { id: number }).id;
      events = [];
      for (const slug of ['face-a', 'face-b']) {
        const { rows } = await sql(
          `insert into photo_services (organisation_id, slug, name, experience_type, start_date, end_date)
           values ($1, $2, $2, 'event', '2026-05-01', '2026-05-02') returning id`,
          [org, slug],
        );
        events.push((rows[0] as { id: number }).id);
      }
    });
    afterAll(() => fixture?.close());

    it('finds the faces of the person asked for, nearest first, within the distance only', async () => {
      const [eventA, eventB] = events as [number, number];
      const ann = faces.person();
      const bob = faces.person();
      const photo1 = await store(eventA, [faces.face(ann), faces.face(bob)]);
      const photo2 = await store(eventA, [faces.face(ann, 0.15)]);
      const photo3 = await store(eventA, [faces.face(bob)]);
      // Ann in another event: never found when searching this one
      await store(eventB, [faces.face(ann)]);
      const selfie = faces.face(ann, 0.1);
      const hits = await index.search(eventA, [selfie], 0.6);
      expect(hits.map((h) => h.mediaId).sort()).toEqual([photo1.mediaId, photo2.mediaId].sort());
      expect(hits.map((h) => h.faceId)).toContain(photo1.faceIds[0]);
      expect(
        hits.every((h, i) => i === 0 || (hits[i - 1] as { distance: number }).distance <= h.distance),
      ).toBe(true);
      expect(hits.every((h) => h.distance <= 0.6)).toBe(true);
      expect(await index.search(eventA, [selfie], 0.01)).toEqual([]);
      expect(hits.map((h) => h.mediaId)).not.toContain(photo3.mediaId);
    });

    it('takes the nearest of several selfies, one hit per face', async () => {
      const [eventA] = events as [number];
      const cara = faces.person();
      const photo = await store(eventA, [faces.face(cara)]);
      const near = faces.face(cara, 0.1);
      const far = faces.face(cara, 0.3);
      const hits = (await index.search(eventA, [far, near], 0.8)).filter((h) => h.mediaId === photo.mediaId);
      const single = (await index.search(eventA, [near], 0.8)).filter((h) => h.mediaId === photo.mediaId);
      expect(hits).toHaveLength(1);
      expect(hits[0]?.distance).toBeCloseTo(single[0]?.distance ?? -1, 4);
    });

    it('adds a face twice as once, forgets removed media, and sees changes made by another instance', async () => {
      const [eventA] = events as [number];
      const dan = faces.person();
      const selfie = faces.face(dan, 0.1);
      const photo = await store(eventA, [faces.face(dan)]);
      await index.add([
        {
          id: photo.faceIds[0] as number,
          photoServiceId: eventA,
          mediaId: photo.mediaId,
          descriptor: faces.face(dan),
        },
      ]);
      expect(
        (await index.search(eventA, [selfie], 0.6)).filter((h) => h.mediaId === photo.mediaId),
      ).toHaveLength(1);
      // another process indexes a photo of Dan: this instance finds it too
      const other = fixture.index();
      const later = await store(eventA, [faces.face(dan)], other);
      expect((await index.search(eventA, [selfie], 0.6)).map((h) => h.mediaId)).toContain(later.mediaId);
      // the photo deleted (faces go with it), the other removed from the index
      await sql('delete from media where id = $1', [later.mediaId]);
      await index.removeMedia([photo.mediaId]);
      await sql('delete from faces where media_id = $1', [photo.mediaId]);
      const after = (await index.search(eventA, [selfie], 0.6)).map((h) => h.mediaId);
      expect(after).not.toContain(later.mediaId);
      expect(after).not.toContain(photo.mediaId);
    });

    it('finds a face committed after a later-numbered one (two workers finishing out of order)', async () => {
      const [, eventB] = events as [number, number];
      const eve = faces.person();
      const selfie = faces.face(eve, 0.1);
      const { rows: media } = await sql(
        "insert into media (photo_service_id, type, status) values ($1, 'photo', 'ready') returning id",
        [eventB],
      );
      const slowMedia = (media[0] as { id: number }).id;
      // worker 1 draws its face's id, worker 2 stores a later one and commits first, a search runs
      const { rows: drawn } = await sql("select nextval(pg_get_serial_sequence('faces', 'id'))::int as id");
      const slowId = (drawn[0] as { id: number }).id;
      const other = fixture.index();
      const quick = await store(eventB, [faces.face(eve)], other);
      expect((await index.search(eventB, [selfie], 0.6)).map((h) => h.mediaId)).toEqual([quick.mediaId]);
      // then worker 1 commits its face, with the smaller id
      const descriptor = faces.face(eve);
      await sql(
        `insert into faces (id, media_id, photo_service_id, box, landmarks, score, size_px, descriptor)
         values ($1, $2, $3, '{"x":0,"y":0,"width":0.1,"height":0.1}', '[]', 0.9, 100, $4::real[])`,
        [slowId, slowMedia, eventB, `{${Array.from(descriptor).join(',')}}`],
      );
      await other.add([{ id: slowId, photoServiceId: eventB, mediaId: slowMedia, descriptor }]);
      const hits = (await index.search(eventB, [selfie], 0.6)).map((h) => h.mediaId);
      expect(hits.sort()).toEqual([quick.mediaId, slowMedia].sort());
    });

    it('answers an event without faces, and no queries, with nothing', async () => {
      const { rows } = await sql(
        `insert into photo_services (organisation_id, slug, name, experience_type, start_date, end_date)
         select organisation_id, 'face-empty', 'Empty', 'event', start_date, end_date from photo_services
         where id = $1 returning id`,
        [events[0]],
      );
      const empty = (rows[0] as { id: number }).id;
      expect(await index.search(empty, [faces.person()], 0.6)).toEqual([]);
      expect(await index.search(events[0] as number, [], 0.6)).toEqual([]);
    });
  });
}
