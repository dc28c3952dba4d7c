/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), for production and for
 * several API and worker processes that must see the same files.
 *
 * The bucket stays private: the server streams objects to browsers through its own signed links
 * (`routes/media-files.routes.ts`), so the signature stays the only permission and no bucket URL
 * is ever handed out. A PUT replaces an object atomically, so readers see the old or the new bytes.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { assertStorageKey, assertStoragePrefix, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** A folder inside the bucket that holds every key, e.g. `fotodrop/`; a missing final `/` is added. */
  prefix?: string;
  region: string;
  /** For providers other than AWS (MinIO, R2, …); AWS's own endpoint otherwise. */
  endpoint?: string;
  /** `bucket` in the path instead of the host name; most self-hosted providers need it. */
  forcePathStyle?: boolean;
  /** Without them the SDK's default chain applies (environment, shared files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Part size of streamed puts (`putStream`), at least S3's minimum of 5 MiB; 8 MiB by default. */
  partSizeBytes?: number;
}

/** S3 lists at most 1000 keys a page and deletes at most 1000 keys a request. */
const BATCH = 1000;
/** S3 refuses parts under 5 MiB (but the last); 10,000 parts of 8 MiB hold an 80 GB zip. */
const MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

export function s3Storage(options: S3StorageOptions): Storage {
  const Bucket = options.bucket;
  const base = normalisePrefix(options.prefix);
  const partSize = Math.max(MIN_PART_SIZE, options.partSizeBytes ?? DEFAULT_PART_SIZE);
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // The SDK's default CRC32 headers are refused or mishandled by several S3-compatible providers.
    // Puts of a Buffer are still checked end to end: SigV4 signs the body's SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      // A served file holds its socket while the browser downloads it, and a gallery asks for
      // dozens of thumbnails at once: the SDK's 50 sockets would queue requests behind slow clients.
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
      // An unreachable endpoint fails the request instead of waiting for the kernel's TCP timeout.
      connectionTimeout: 10_000,
    },
  });

  /** The object key for a storage key; checked before any request is made. */
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return base + key;
  };

  const headSize = async (Key: string): Promise<number | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return head.ContentLength ?? null;
    } catch (error) {
      // A HEAD answer has no body, so a missing key and a missing bucket both arrive as a bare 404.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  };

  return {
    async put(key, body, contentType) {
      const Key = objectKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }));
    },

    async putFile(key, path, contentType) {
      const Key = objectKey(key);
      const { size } = await stat(path);
      // A file stream with its length: the SDK signs it by reading the file a second time (its
      // SHA-256 for SigV4) and sends it in chunks, never holding it whole. One PUT takes up to 5 GB.
      const Body = createReadStream(path);
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body, ContentLength: size, ContentType: contentType }),
        );
      } finally {
        Body.destroy();
      }
    },

    async putStream(key, body, contentType) {
      const Key = objectKey(key);
      let UploadId: string | undefined;
      const Parts: { ETag: string; PartNumber: number }[] = [];
      let bytes = 0;
      try {
        // One part in memory at a time; the next is read only once this one is sent (backpressure).
        for await (const part of partsOf(body, partSize)) {
          bytes += part.length;
          if (UploadId === undefined && part.length < partSize) {
            // The whole body fits in one part: a plain PUT, as `put` does.
            await client.send(new PutObjectCommand({ Bucket, Key, Body: part, ContentType: contentType }));
            return bytes;
          }
          UploadId ??= (
            await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }))
          ).UploadId;
          const PartNumber = Parts.length + 1;
          const out = await client.send(
            new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: part }),
          );
          if (!out.ETag) throw new Error(`S3 answered UploadPart ${Key} #${PartNumber} without an ETag`);
          Parts.push({ ETag: out.ETag, PartNumber });
        }
        if (UploadId === undefined) {
          await client.send(
            new PutObjectCommand({ Bucket, Key, Body: Buffer.alloc(0), ContentType: contentType }),
          );
          return 0;
        }
        // The object appears only now, whole: readers saw the old one (or none) until here.
        await client.send(
          new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }),
        );
        return bytes;
      } catch (error) {
        // An abandoned upload's parts are billed until aborted.
        if (UploadId !== undefined)
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
            .catch(() => undefined);
        throw error;
      }
    },

    async get(key) {
      const Key = objectKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!out.Body) throw new Error(`S3 answered GetObject ${Key} without a body`);
        const bytes = await out.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },

    async stream(key, range) {
      const Key = objectKey(key);
      let out: GetObjectCommandOutput;
      try {
        out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
      const body = out.Body;
      if (!(body instanceof Readable))
        throw new Error(`S3 answered GetObject ${Key} without a readable body`);
      // The whole object's size: a ranged answer names it in Content-Range (`bytes 1-3/5`).
      let size = range ? totalFromContentRange(out.ContentRange) : (out.ContentLength ?? null);
      if (size === null) {
        try {
          size = await headSize(Key);
        } catch (error) {
          body.destroy();
          throw error;
        }
      }
      if (size === null) {
        // Deleted between the GET and the HEAD.
        body.destroy();
        return null;
      }
      return { stream: body, size };
    },

    async size(key) {
      return headSize(objectKey(key));
    },

    async exists(key) {
      return (await headSize(objectKey(key))) !== null;
    },

    async delete(key) {
      const Key = objectKey(key);
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      const Prefix = base + prefix;
      // Every key is listed before any is deleted: some S3-compatible providers page by offset,
      // and deleting the first page would make the next continuation token skip keys.
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, MaxKeys: BATCH, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      for (let i = 0; i < keys.length; i += BATCH) {
        const out = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: keys.slice(i, i + BATCH).map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // DeleteObjects answers 200 even when single keys fail; a half-deleted photo must not pass silently.
        const failed = out.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(
            `S3 could not delete ${failed.length} objects under ${Prefix}, e.g. ${first.Key}: ${first.Code} ${first.Message}`,
          );
        }
      }
    },
  };
}

/** `source` cut into parts of exactly `size` bytes, the last one shorter. */
async function* partsOf(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    length += chunk.byteLength;
    while (length >= size) {
      const joined = Buffer.concat(pending, length);
      yield joined.subarray(0, size);
      pending = [joined.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield Buffer.concat(pending, length);
}

/** `''`/undefined → no prefix; `fotodrop` and `fotodrop/` → `fotodrop/`. Throws on an unsafe prefix. */
function normalisePrefix(prefix: string | undefined): string {
  if (!prefix) return '';
  const withSlash = prefix.endsWith('/') ? prefix : `${prefix}/`;
  assertStoragePrefix(withSlash);
  return withSlash;
}

function isNoSuchKey(error: unknown): boolean {
  return error instanceof S3ServiceException && error.name === 'NoSuchKey';
}

/** The total of `bytes start-end/total`; null when absent or unknown (`*`). */
function totalFromContentRange(header: string | undefined): number | null {
  const match = header ? /\/(\d+)\s*$/.exec(header) : null;
  return match ? Number(match[1]) : null;
}
