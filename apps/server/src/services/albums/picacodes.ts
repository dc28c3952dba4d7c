import { randomInt } from 'node:crypto';
import { generatePicacode } from '@fotodrop/contract';
import type { picacodes } from '../../db/album-schema';
import type { Db } from '../../db/client';
import { type PicacodeRow, photoServicesRepository } from '../../repositories/photo-services.repository';

/** A fresh album code from the operating system's cryptographic random source. */
export function newPicacode(): string {
  return generatePicacode((n) => randomInt(n));
}

/**
 * Issues a new album code for an event: generated, never chosen, so it has the full entropy the
 * guessing limits rely on. A clash with an existing code (one in 10^13 for a platform of 10^5
 * codes) draws again.
 */
export async function issuePicacode(
  db: Db,
  row: Omit<typeof picacodes.$inferInsert, 'code' | 'id'>,
): Promise<PicacodeRow> {
  const repo = photoServicesRepository(db);
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newPicacode();
    if (await repo.findPicacode(code)) continue;
    return repo.insertPicacode({ ...row, code });
  }
  throw new Error('No free album code after 5 draws: is the random source broken?');
}
