import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random secret with 256 bits of entropy. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
