import {
  SUPPORT_SCREENSHOT_MAX_BYTES,
  supportEndpoints as s,
  supportRequestBodySchema,
} from '@fotodrop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, ValidationError } from '../http/errors';
import { isMultipartRequest } from '../http/multipart-body';
import { parse, toFastifyPath } from '../http/route';
import { languageOf } from '../services/cart-print/countries';
import type { RouteContext } from './context';

const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/** The help area: FAQ groups and the request form's events. */
export function supportRoutes({ route, services, requestInfo }: RouteContext): void {
  route(s.faqs, async ({ query, request }) =>
    services.support.faqs(
      { organisationId: (await requestInfo(request)).organisationId, language: language(request) },
      query.event_id ?? null,
    ),
  );
  route(s.events, async ({ auth, request }) =>
    services.support.events({ auth, organisationId: (await requestInfo(request)).organisationId }),
  );
}

/** Text fields of the form: the message may be 5,000 characters of Cyrillic (two bytes each). */
const FORM_LIMITS = { files: 1, fileSize: SUPPORT_SCREENSHOT_MAX_BYTES, fields: 20, fieldSize: 24 * 1024 };

/**
 * POST send: JSON, or multipart/form-data with an optional `screenshot` file, read into memory
 * (10 MB at most) and checked by its content in the service. The fields are checked with the
 * contract's schema either way. Registered after the multipart parser (organiserRoutes).
 */
export function supportSendRoute(
  app: FastifyInstance,
  { services, requestInfo }: RouteContext,
  apiBase: string,
) {
  const endpoint = s.send;
  app.post(toFastifyPath(apiBase, endpoint.path), async (request, reply) => {
    const auth = await services.auth.authenticate(request.headers.authorization);
    services.auth.requireAccess(auth, endpoint.access);
    const input = isMultipartRequest(request) ? await formFields(request, reply) : request.body;
    const body = parse(supportRequestBodySchema, input, 'body')!;
    const info = await requestInfo(request);
    const result = await services.support.send(
      { auth, ip: info.ip, organisationId: info.organisationId, language: language(request) },
      body,
    );
    return reply.status(endpoint.status ?? 201).send(result);
  });
}

async function formFields(request: FastifyRequest, reply: { header(k: string, v: string): unknown }) {
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        // An empty file input (nothing chosen) is no screenshot.
        if (bytes.length > 0) {
          fields[part.fieldname] = new File([bytes], part.filename || 'screenshot', { type: part.mimetype });
        }
      } else {
        if (part.valueTruncated) throw new ValidationError({ [part.fieldname]: ['field.too_long'] });
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
  }
  return fields;
}

const tooLarge = () =>
  new DomainError(413, 'validation_error', 'The screenshot is larger than 10 MB.', {
    fields: { screenshot: ['support.screenshot_too_large'] },
  });
