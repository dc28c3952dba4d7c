/**
 * The multipart calls s3rver 3.7 keeps the data for but does not route: ListParts
 * (`GET /<bucket>/<key>?uploadId=`) and AbortMultipartUpload (`DELETE /<bucket>/<key>?uploadId=`)
 * answer 405 MethodNotAllowed, ListMultipartUploads (`GET /<bucket>?uploads`) NotImplemented.
 * @tus/s3-store asks ListParts on every HEAD and PATCH, aborts on termination and lists uploads
 * to sweep expired ones, so the test server's proxy answers these itself, from s3rver's own folder
 * of each upload (`<bucket>/._S3rver_uploads/<uploadId>/`: `key`, `metadata`, one file per part),
 * the same parts s3rver later joins on CompleteMultipartUpload. Everything else stays s3rver's.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** s3rver's upload ids: 16 random bytes in hex (anything else is not one, and not a path). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const XML = { 'content-type': 'application/xml' };

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const noSuchUpload = (uploadId: string): ProxyAnswer => ({
  status: 404,
  headers: XML,
  body:
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code>' +
    '<Message>The specified upload does not exist.</Message>' +
    `<UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
});

/** s3rver's folder of the multipart uploads of `bucket`. */
export const uploadsFolder = (directory: string, bucket: string) =>
  join(directory, bucket, '._S3rver_uploads');

interface OpenUpload {
  key: string;
  uploadId: string;
  /** When it was started: its `key` file's time (which `backdate` moves). */
  initiated: Date;
}

/** The multipart uploads s3rver holds in `bucket` (started, neither completed nor aborted), by key. */
export async function openMultipartUploads(directory: string, bucket: string): Promise<OpenUpload[]> {
  const folder = uploadsFolder(directory, bucket);
  const ids = (await readdir(folder).catch(() => [] as string[])).filter((id) => UPLOAD_ID.test(id));
  const uploads = await Promise.all(
    ids.map(async (uploadId) => {
      const file = join(folder, uploadId, 'key');
      const [key, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]).catch(() => [null, null]);
      return key === null || info === null ? null : { key, uploadId, initiated: info.mtime };
    }),
  );
  return uploads.filter((u): u is OpenUpload => u !== null).sort((a, b) => a.key.localeCompare(b.key));
}

/** Makes the open multipart upload of `key` look started at `when` (to test expiry). */
export async function backdateMultipartUpload(directory: string, bucket: string, key: string, when: Date) {
  const upload = (await openMultipartUploads(directory, bucket)).find((u) => u.key === key);
  if (!upload) throw new Error(`no open multipart upload of ${key}`);
  await utimes(join(uploadsFolder(directory, bucket), upload.uploadId, 'key'), when, when);
}

/** ListMultipartUploads: all of them on one page (a test bucket holds a few). */
async function listUploads(directory: string, bucket: string): Promise<ProxyAnswer> {
  const uploads = (await openMultipartUploads(directory, bucket)).map(
    (u) =>
      `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.uploadId}</UploadId>` +
      `<Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
  );
  return {
    status: 200,
    headers: XML,
    body:
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `<Bucket>${escapeXml(bucket)}</Bucket><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
      `${uploads.join('')}</ListMultipartUploadsResult>`,
  };
}

/**
 * The answer to `method url` when it is one of these calls, else null (forward it). The URL is
 * path-style, as the test clients are configured (`/<bucket>/<key>?…`).
 */
export async function answerMultipart(
  directory: string,
  method: string,
  rawUrl: string,
): Promise<ProxyAnswer | null> {
  const url = new URL(rawUrl, 'http://s3.test');
  const bucketOnly = /^\/([^/]+)\/?$/.exec(url.pathname);
  if (method === 'GET' && bucketOnly && url.searchParams.has('uploads')) {
    return listUploads(directory, decodeURIComponent(bucketOnly[1]!));
  }
  const uploadId = url.searchParams.get('uploadId');
  if (uploadId === null || url.searchParams.has('partNumber')) return null;
  if (method !== 'GET' && method !== 'DELETE') return null;
  const [, bucket = '', ...keyParts] = url.pathname.split('/').map(decodeURIComponent);
  const key = keyParts.join('/');
  if (!UPLOAD_ID.test(uploadId)) return noSuchUpload(uploadId);
  const folder = join(uploadsFolder(directory, bucket), uploadId);
  const storedKey = await readFile(join(folder, 'key'), 'utf8').catch(() => null);
  if (storedKey !== key) return noSuchUpload(uploadId);
  if (method === 'DELETE') {
    await rm(folder, { recursive: true, force: true });
    return { status: 204, headers: {}, body: '' };
  }
  const numbers = (await readdir(folder))
    .filter((f) => /^[1-9][0-9]*$/.test(f))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const file = join(folder, String(n));
      const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
      const etag = createHash('md5').update(bytes).digest('hex');
      return (
        `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified>` +
        `<ETag>"${etag}"</ETag><Size>${info.size}</Size></Part>`
      );
    }),
  );
  return {
    status: 200,
    headers: XML,
    body:
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key>` +
      `<UploadId>${uploadId}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>` +
      `${parts.join('')}</ListPartsResult>`,
  };
}
