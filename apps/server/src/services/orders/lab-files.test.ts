import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from '../../adapters/storage/local-storage';
import type { Storage } from '../../adapters/storage/storage';
import { storedOrMade } from './lab-files';

describe('a lab file stored once', () => {
  let root: string;
  let storage: Storage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fotodrop-lab-files-'));
    storage = localStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('makes and stores a missing file, and gives a stored one back without making it again', async () => {
    let made = 0;
    const make = async () => {
      made += 1;
      return Buffer.from(`render ${made}`);
    };
    expect((await storedOrMade(storage, 'lab/1/a.jpg', 'image/jpeg', make)).toString()).toBe('render 1');
    expect((await storage.get('lab/1/a.jpg'))?.toString()).toBe('render 1');
    expect((await storedOrMade(storage, 'lab/1/a.jpg', 'image/jpeg', make)).toString()).toBe('render 1');
    expect(made).toBe(1);
  });
});
