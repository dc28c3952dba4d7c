// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allEndpoints } from '@fotodrop/contract';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The part of each contract path before its first placeholder: what a hand-written copy starts with. */
const prefixes = [...new Set(allEndpoints.map((e) => e.path.split('{')[0]!))];

describe('API paths in the web app', () => {
  it('come from the contract, never written in a string (tests and fixtures excepted)', () => {
    const copies = sources(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return prefixes
        .filter((prefix) => ["'", '"', '`'].some((quote) => text.includes(quote + prefix)))
        .map((prefix) => `${relative(SRC, file)}: ${prefix}`);
    });
    expect(copies).toEqual([]);
  });

  it('would find a copy', () => {
    expect(prefixes).toContain('/v3/checkins/');
    expect(prefixes).toContain('/cart/digital-items/');
  });
});
