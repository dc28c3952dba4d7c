import { addFaceBodySchema, faceEndpoints as f, idParams, SELFIE_MAX_BYTES } from '@fotodrop/contract';
import type { FastifyInstance } from 'fastify';
import { DomainError, ValidationError } from '../http/errors';
import { parse, toFastifyPath } from '../http/route';
import type { Services } from '../services/services';
import type { RouteContext } from './context';

/** Face search: the search's start and status, and "Is this you?". */
export function faceRoutes({ route, services }: RouteContext): void {
  const { selfies } = services;
  route(f.faceInference, async ({ auth, params, body }) => selfies.startSearch(auth, params.id, body));
  route(f.faceInferenceStatus, async ({ auth, params }) => selfies.status(auth, params.id));
  route(f.faceReview, async ({ auth, params }) => selfies.review(auth, params.id));
  route(f.answerFaceReview, async ({ auth, params, body }) =>
    selfies.answer(auth, params.id, params.media_id, body.is_me),
  );
}

/**
 * POST add-face: multipart with the selfie. The image is read into memory (10 MB at most), turned
 * into one face descriptor and dropped: it is never written to storage or disk. The fields are
 * checked with the contract's schema, the file included (type and size).
 */
export function addFaceRoute(app: FastifyInstance, deps: { apiBase: string; services: Services }) {
  const endpoint = f.addFace;
  app.post(toFastifyPath(deps.apiBase, endpoint.path), async (request, reply) => {
    const auth = await deps.services.auth.authenticate(request.headers.authorization);
    deps.services.auth.requireAccess(auth, endpoint.access);
    const params = parse(idParams, request.params, 'params');
    if (!request.isMultipart()) throw new ValidationError({ selfie: ['upload.multipart_required'] });
    const fields: Record<string, unknown> = {};
    try {
      for await (const part of request.parts({
        limits: { fileSize: SELFIE_MAX_BYTES, files: 1, fields: 10, fieldSize: 100 },
      })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw tooLarge();
          fields[part.fieldname] = new File([bytes], part.filename || 'selfie', { type: part.mimetype });
        } else {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
    }
    const body = parse(addFaceBodySchema, fields, 'body');
    const result = await deps.services.selfies.addFace(auth!, params!.id, body!);
    return reply.status(endpoint.status ?? 201).send(result);
  });
}

const tooLarge = () =>
  new DomainError(413, 'validation_error', 'The selfie is larger than 10 MB.', {
    fields: { selfie: ['selfie.too_large'] },
  });
