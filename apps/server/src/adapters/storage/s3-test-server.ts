/**
 * A real S3-compatible server for tests: s3rver on a random port with its files in a temporary
 * folder, behind a small recording proxy so tests can see which requests were made.
 *
 * s3rver runs in a child Node process started with `--openssl-legacy-provider`: its continuation
 * tokens (sent with every truncated listing, i.e. any prefix of more than 1000 keys) are DES
 * encrypted, and OpenSSL 3 refuses DES without the legacy provider. The child ends when its stdin
 * closes, so it cannot outlive the test process. The proxy answers the multipart calls s3rver does
 * not route (ListParts, AbortMultipartUpload, ListMultipartUploads: `s3-test-multipart.ts`) from
 * s3rver's own files.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageOptions } from './s3-storage';
import { answerMultipart, backdateMultipartUpload, openMultipartUploads } from './s3-test-multipart';

export interface RecordedRequest {
  method: string;
  url: string;
  /** The body of POST requests (DeleteObjects sends its key list as XML); empty otherwise. */
  body: string;
}

export interface TestS3Server {
  /** Options for `s3Storage` pointing at this server's bucket, under `prefix` when given. */
  storageOptions(prefix?: string): S3StorageOptions;
  /** A plain client, for reading the bucket behind the adapter's back. */
  client: S3Client;
  bucket: string;
  requests: RecordedRequest[];
  /** The keys of the bucket's multipart uploads still open (neither completed nor aborted). */
  multipartUploads(): Promise<string[]>;
  /** Makes the open multipart upload of `key` look started at `when`. */
  backdateMultipartUpload(key: string, when: Date): Promise<void>;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

// s3rver 3.7.1's FilesystemStore.putObject answers once its input is read, before the object's
// file is written out (it resolves on the transform's 'finish', not the file stream's): a GET right
// after a PUT or CompleteMultipartUpload could read a cut file. Found by bench:raceday (an upload
// refused as damaged under load). The replacement below resolves when the file is closed.
const CHILD = `
const [s3rverPath, directory] = process.argv.slice(1);
const S3rver = require(s3rverPath);
const FilesystemStore = require(require('path').join(require('path').dirname(s3rverPath), 'stores/filesystem.js'));
const { Readable, Transform } = require('stream');
const { pipeline } = require('stream/promises');
FilesystemStore.prototype.putObject = async function putObject(object) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await require('fs').promises.mkdir(require('path').dirname(objectPath), { recursive: true });
  const md5 = require('crypto').createHash('md5');
  let size = 0;
  const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  const count = new Transform({
    transform(chunk, encoding, callback) { md5.update(chunk, encoding); size += chunk.length; callback(null, chunk); },
  });
  await pipeline(content, count, require('fs').createWriteStream(objectPath));
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
server.run().then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'));
process.stdin.on('end', () => server.close().finally(() => process.exit(0)));
process.stdin.resume();
`;

export async function startTestS3Server(bucket = 'fotodrop-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'fotodrop-s3rver-'));
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD, s3rverPath, directory], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const upstreamPort = await readPort(child);
  const requests: RecordedRequest[] = [];
  const proxy = await listen(
    createServer((req, res) => forward(req, res, { port: upstreamPort, directory }, requests)),
  );
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    storageOptions: (prefix) => ({
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: CREDENTIALS,
      ...(prefix ? { prefix } : {}),
    }),
    client,
    bucket,
    requests,
    multipartUploads: async () => (await openMultipartUploads(directory, bucket)).map((u) => u.key),
    backdateMultipartUpload: (key, when) => backdateMultipartUpload(directory, bucket, key, when),
    async close() {
      client.destroy();
      proxy.closeAllConnections();
      await new Promise((done) => proxy.close(done));
      const exited = new Promise((done) => child.once('exit', done));
      child.stdin?.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function readPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)));
    child.once('error', reject);
  });
}

function listen(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Passes one request through unchanged (the Host header too, which the SigV4 signature covers),
 * but for the multipart calls s3rver lacks, which are answered here.
 */
function forward(
  req: IncomingMessage,
  res: ServerResponse,
  s3rver: { port: number; directory: string },
  requests: RecordedRequest[],
) {
  const { port } = s3rver;
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    const body = Buffer.concat(chunks);
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      body: req.method === 'POST' ? body.toString() : '',
    });
    const answered = await answerMultipart(s3rver.directory, req.method ?? '', req.url ?? '/').catch(
      (error: Error) => ({ status: 500, headers: {}, body: error.message }),
    );
    if (answered) {
      res.writeHead(answered.status, answered.headers).end(answered.body);
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => res.destroy(error));
    upstream.end(body);
  });
}
