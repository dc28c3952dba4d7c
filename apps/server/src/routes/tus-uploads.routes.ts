import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable, Transform } from 'node:stream';
import { TUS_RESULT_HEADER, TUS_UPLOADS_PATH, tusUploadMetadataSchema } from '@fotodrop/contract';
import { type Locker, Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UploadStore } from '../adapters/storage/upload-store';
import { DomainError, errorBody } from '../http/errors';
import { parse } from '../http/route';
import { HEAD_BYTES } from '../media/upload-spool';
import type { AuthContext } from '../services/accounts/auth.service';
import { OWNER_KEY } from '../services/media/uploads.service';
import type { Services } from '../services/services';

const SWEEP_INTERVAL_MS = 86_400_000;

/** A domain error as the JSON body the other endpoints answer. */
const bodyOf = (error: DomainError) => JSON.stringify(errorBody(error));

/** Upload-Metadata checked with the contract's schema (400 with field errors); keys without a value are dropped. */
function metadataOf(upload: Upload) {
  const given = Object.entries(upload.metadata ?? {}).flatMap(([k, v]) =>
    typeof v === 'string' ? [[k, v]] : [],
  );
  return parse(tusUploadMetadataSchema, Object.fromEntries(given), 'body')!;
}

/**
 * The store, but a write that completes an upload's first HEAD_BYTES checks them (and the
 * announced length) as a multipart upload's first bytes are checked: a file that is no photo or
 * video, or a photo over the photo limit, is refused (400/413 `media_rejected`) and deleted after
 * its first chunk, not after the whole gigabyte. The full checks still run when it is finished.
 * The first bytes are copied as they stream into the store: an unfinished upload cannot be read
 * back from S3 (S3Store reads only the finished object; it answered 500).
 */
function checkingStart(store: UploadStore, services: Services): UploadStore {
  const checked = Object.create(store) as UploadStore;
  checked.write = async (readable, id, offset) => {
    const copy = offset === 0 ? headCopy(HEAD_BYTES) : null;
    const written = await store.write(
      copy ? pipeline(readable, copy.stream, () => {}) : readable,
      id,
      offset,
    );
    const upload = await store.getUpload(id);
    const headEnd = Math.min(HEAD_BYTES, upload.size ?? HEAD_BYTES);
    if (offset >= headEnd || written < headEnd) return written;
    // A first chunk shorter than HEAD_BYTES (no client of ours sends one): the start is read back
    // where the store can (FileStore); S3 cannot before the end, whose full check then decides.
    const head = copy ? copy.bytes() : await readStart(store, id, headEnd);
    if (!head) return written;
    try {
      services.mediaFiles.checkStart(head.subarray(0, headEnd), upload.size ?? written);
    } catch (error) {
      await store.remove(id);
      throw error;
    }
    return written;
  };
  return checked;
}

/** A pass-through that keeps a copy of the first `count` bytes flowing through it. */
function headCopy(count: number) {
  const chunks: Buffer[] = [];
  let kept = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (kept < count) {
        const part = chunk.subarray(0, count - kept);
        chunks.push(Buffer.from(part));
        kept += part.length;
      }
      done(null, chunk);
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

async function readStart(store: UploadStore, id: string, count: number): Promise<Buffer | null> {
  try {
    return await firstBytes(await store.read(id), count);
  } catch {
    return null;
  }
}

async function firstBytes(stream: Readable, count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= count) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, count);
}

/** The node request behind tus's web Request (srvx keeps it), to find who sent it. */
function nodeRequestOf(req: Request): IncomingMessage | undefined {
  return (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

/**
 * Resumable uploads, tus 1.0 (creation, creation-with-upload, termination, expiration) by
 * @tus/server, mounted inside Fastify at /api/organiser/v1/uploads/. Fastify authenticates every
 * request but OPTIONS first (401 in the API's JSON); the tus hooks then apply the upload rules
 * (`services/media/uploads.service.ts`): the event's role check on every request, only the
 * creator continues an upload, and a finished file goes through the multipart upload's checks
 * before the final request is answered with the result. The stored upload is then deleted.
 */
export async function tusUploadRoutes(
  app: FastifyInstance,
  deps: { apiBase: string; services: Services; store: UploadStore; locker?: Locker },
) {
  const { services, store } = deps;
  const callers = new WeakMap<IncomingMessage, AuthContext>();
  const callerOf = (req: Request): AuthContext => {
    const node = nodeRequestOf(req);
    const auth = node && callers.get(node);
    // Fastify authenticated before handing over; a request without a caller never gets this far.
    if (!auth) throw new Error('tus request without an authenticated caller');
    return auth;
  };

  const path = `${deps.apiBase}${TUS_UPLOADS_PATH}`.replace(/\/$/, '');
  const tus = new Server({
    path,
    datastore: checkingStart(store, services),
    // decision: several API processes share PostgreSQL advisory locks (adapters/storage/upload-locker.ts).
    ...(deps.locker ? { locker: deps.locker } : {}),
    relativeLocation: true,
    // The web app is served from the API's own origin: no other site's page may upload.
    allowedOrigins: [],
    exposedHeaders: [TUS_RESULT_HEADER],
    maxSize: () => services.mediaFiles.maxUploadBytes(),
    async onUploadCreate(req, upload) {
      return { metadata: await services.uploads.create(callerOf(req), metadataOf(upload)) };
    },
    async onIncomingRequest(req, id) {
      // A creation is checked in onUploadCreate, where its metadata is read.
      if (req.method === 'POST') return;
      const upload = await store.getUpload(id);
      const owner = upload.metadata?.[OWNER_KEY] ?? undefined;
      await services.uploads.mayContinue(callerOf(req), metadataOf(upload), owner);
    },
    onUploadFinish: (req, upload) => finish(callerOf(req), upload),
    async onResponseError(_req, error) {
      if (error instanceof DomainError) return { status_code: error.status, body: bodyOf(error) };
      if (!('status_code' in error)) app.log.error({ err: error }, 'resumable upload failed');
      return undefined;
    },
  });

  /** The finished file through the upload checks; the answer carries what became of it. */
  async function finish(auth: AuthContext, upload: Upload) {
    const json = { 'Content-Type': 'application/json' };
    try {
      const target = await services.uploads.targetOf(auth, metadataOf(upload));
      const result = await services.uploads.ingest(await store.read(upload.id), target);
      return {
        status_code: 200,
        headers: { ...json, [TUS_RESULT_HEADER]: result.duplicate ? 'duplicate' : 'created' },
        body: JSON.stringify(result),
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return {
        status_code: error.status,
        headers: { ...json, [TUS_RESULT_HEADER]: 'rejected' },
        body: bodyOf(error),
      };
    } finally {
      // Accepted or refused, the upload is done: its bytes are in media storage or unwanted.
      await store.remove(upload.id).catch((error: unknown) => {
        app.log.warn({ err: error, upload: upload.id }, 'could not remove a finished upload');
      });
    }
  }

  const sweep = () =>
    tus.cleanUpExpiredUploads().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not sweep expired uploads');
    });
  void sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  await app.register(async (scope) => {
    // The body is tus's to read as it arrives (never buffered): no parser touches it.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    scope.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: `${path}/*`,
      handler: handle,
    });
    scope.route({ method: ['POST', 'OPTIONS'], url: path, handler: handle });
  });

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'OPTIONS') {
      const auth = await services.auth.authenticate(request.headers.authorization);
      services.auth.requireAccess(auth, 'user');
      callers.set(request.raw, auth!);
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }
}
