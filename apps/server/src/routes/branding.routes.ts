import {
  BRANDING_IMAGE_MAX_BYTES,
  brandingEndpoints as b,
  brandingImageParamsSchema,
} from '@fotodrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../adapters/storage/storage';
import { DomainError, ValidationError } from '../http/errors';
import { parse, toFastifyPath } from '../http/route';
import { BRANDING_FILES_PATH, brandingKey } from '../services/organisations/branding.service';
import type { Services } from '../services/services';
import type { RouteContext } from './context';

/** The owner's branding of their site (issue 18); the rules are in services/organisations/branding.service. */
export function brandingRoutes({ route, services }: RouteContext): void {
  const { branding } = services;
  route(b.getBranding, async ({ auth, params }) => branding.get(auth, params.id));
  route(b.updateBranding, async ({ auth, params, body }) => branding.update(auth, params.id, body));
  route(b.removeBrandingImage, async ({ auth, params }) =>
    branding.removeImage(auth, params.id, params.kind),
  );
}

const tooLarge = () =>
  new DomainError(
    413,
    'media_rejected',
    `The image is larger than ${BRANDING_IMAGE_MAX_BYTES / 2 ** 20} MB.`,
    {
      reason: 'too_large_file',
    },
  );

/**
 * POST …/branding/images/{kind}/: multipart with the image in `file`, read into memory (5 MB at
 * most, refused as soon as it passes that) and handed to the branding service, which checks it.
 * Registered after organiserRoutes, which registers the multipart parser.
 */
export function addBrandingImageRoute(app: FastifyInstance, deps: { apiBase: string; services: Services }) {
  const endpoint = b.uploadBrandingImage;
  app.post(toFastifyPath(deps.apiBase, endpoint.path), async (request, reply) => {
    const auth = await deps.services.auth.authenticate(request.headers.authorization);
    deps.services.auth.requireAccess(auth, endpoint.access);
    const params = parse(brandingImageParamsSchema, request.params, 'params')!;
    if (!request.isMultipart()) throw new ValidationError({ file: ['upload.multipart_required'] });
    let bytes: Buffer | null = null;
    try {
      for await (const part of request.parts({
        limits: { fileSize: BRANDING_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 100 },
      })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') throw new ValidationError({ [part.fieldname]: ['field.unknown'] });
        bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
      }
    } catch (error) {
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
    }
    if (!bytes) throw new ValidationError({ file: ['field.required'] });
    return reply.send(await deps.services.branding.uploadImage(auth!, params.id, params.kind, bytes));
  });
}

const FILE_NAME = /^(logo|favicon|apple-touch-icon)-[0-9a-f]{16}\.png$/;

/**
 * The branding images, public like the site that shows them. Their names change with their
 * content, so they are cached for good; nothing but our own PNGs is ever served from here.
 */
export function brandingFileRoutes(app: FastifyInstance, deps: { storage: Storage }) {
  app.get<{ Params: { organisation: string; file: string } }>(
    `${BRANDING_FILES_PATH}/:organisation/:file`,
    async (request, reply) => {
      const { organisation, file } = request.params;
      const bytes =
        /^[1-9][0-9]{0,9}$/.test(organisation) && FILE_NAME.test(file)
          ? await deps.storage.get(brandingKey(Number(organisation), file))
          : null;
      if (!bytes) return reply.status(404).send({ code: 'not_found', message: 'No such image.' });
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
