import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from './s3-storage';
import { startTestS3Server, type TestS3Server } from './s3-test-server';
import { InvalidStorageKey } from './storage';
import { describeStorageContract, UNSAFE_KEYS } from './storage-contract';

let server: TestS3Server;
beforeAll(async () => {
  server = await startTestS3Server();
});
afterAll(() => server?.close());

/** Every test gets its own folder of the one bucket, which also puts the prefix option to work. */
describeStorageContract('s3Storage', async () => {
  const prefix = `contract-${randomUUID()}`;
  return {
    storage: s3Storage(server.storageOptions(prefix)),
    cleanup: () => s3Storage(server.storageOptions()).deletePrefix(`${prefix}/`),
  };
});

describe('s3Storage in a bucket', () => {
  const keysUnder = async (Prefix: string) => {
    const page = await server.client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix }));
    return (page.Contents ?? []).map((o) => o.Key);
  };

  it('stores keys under its prefix with their content type, apart from other prefixes', async () => {
    const site = s3Storage(server.storageOptions('site-a'));
    const other = s3Storage(server.storageOptions('site-b/'));
    await site.put('media/1/thumb.webp', Buffer.from('a'), 'image/webp');
    await other.put('media/1/thumb.webp', Buffer.from('b'), 'image/webp');
    expect(await keysUnder('site-a/')).toEqual(['site-a/media/1/thumb.webp']);
    const head = await server.client.send(
      new HeadObjectCommand({ Bucket: server.bucket, Key: 'site-a/media/1/thumb.webp' }),
    );
    expect(head.ContentType).toBe('image/webp');
    await site.deletePrefix('media/');
    expect(await site.exists('media/1/thumb.webp')).toBe(false);
    expect((await other.get('media/1/thumb.webp'))?.toString()).toBe('b');
  });

  it('deletes a prefix of more than 1000 keys: two list pages, two batches', async () => {
    const storage = s3Storage(server.storageOptions('many'));
    const keys = Array.from({ length: 1001 }, (_, i) => `media/77/${String(i).padStart(4, '0')}.jpg`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from('x'), 'image/jpeg')));
    }
    await storage.put('media/770/keep.jpg', Buffer.from('keep'), 'image/jpeg');
    const before = server.requests.length;
    await storage.deletePrefix('media/77/');
    const made = server.requests.slice(before);
    expect(made.filter((r) => r.method === 'GET' && r.url.includes('list-type=2'))).toHaveLength(2);
    const deletes = made.filter((r) => r.method === 'POST' && r.url.includes('delete'));
    expect(deletes.map((r) => r.body.split('<Object>').length - 1)).toEqual([1000, 1]);
    expect(await keysUnder('many/media/77/')).toEqual([]);
    expect(await storage.exists('media/770/keep.jpg')).toBe(true);
  });

  it('checks keys before making any request', async () => {
    const storage = s3Storage(server.storageOptions('checked'));
    const before = server.requests.length;
    for (const key of UNSAFE_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'x')).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.stream(key, { start: 0, end: 0 })).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    }
    await expect(storage.deletePrefix('../')).rejects.toBeInstanceOf(InvalidStorageKey);
    expect(server.requests.length).toBe(before);
    expect(() => s3Storage(server.storageOptions('../escape'))).toThrow(InvalidStorageKey);
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const storage = s3Storage({ ...server.storageOptions(), bucket: 'no-such-bucket' });
    await expect(storage.get('media/1/a.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.stream('media/1/a.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
