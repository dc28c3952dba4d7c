import { GENERATED_PICACODE_LENGTH, PICACODE_ALPHABET } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { DEMO_CODES } from '../src/seed/demo-events';
import { issuePicacode, newPicacode } from '../src/services/albums/picacodes';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';

describe('newPicacode', () => {
  it('draws 12 symbols of the unambiguous alphabet, all different codes in 20,000 draws', () => {
    const codes = Array.from({ length: 20_000 }, newPicacode);
    expect(new Set(codes).size).toBe(codes.length);
    const pattern = new RegExp(`^[${PICACODE_ALPHABET}]{${GENERATED_PICACODE_LENGTH}}$`);
    expect(codes.every((c) => pattern.test(c))).toBe(true);
    // Every symbol turns up in the first position: the draw is over the whole alphabet.
    expect(new Set(codes.map((c) => c[0])).size).toBe(PICACODE_ALPHABET.length);
  });
});

describe.each(BACKENDS)('issued album codes on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
  });
  afterAll(() => h?.close());

  it('opens the event with an issued code, and the demo codes stay valid beside it', async () => {
    const demo = await call(h.app, 'GET', `/api/v2/photos-preview/?picacode=${DEMO_CODES.marathonRunner}`);
    expect(demo.status).toBe(200);
    const issued = await issuePicacode(h.database.db, {
      photoServiceId: demo.body.pica_service_id as number,
      kind: 'participant',
      tags: ['bib-7'],
    });
    expect(issued.code).toHaveLength(GENERATED_PICACODE_LENGTH);
    const typed = `${issued.code.slice(0, 4)} ${issued.code.slice(4, 8).toLowerCase()} ${issued.code.slice(8)}`;
    const preview = await call(h.app, 'GET', `/api/v2/photos-preview/?picacode=${encodeURIComponent(typed)}`);
    expect(preview.body).toMatchObject({ picacode: issued.code, event_name: 'Lakeside City Marathon' });
  });
});
