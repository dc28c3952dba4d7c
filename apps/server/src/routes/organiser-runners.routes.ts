import {
  consentConfirmedSchema,
  organiserRunnerEndpoints as k,
  RUNNERS_CSV_MAX_BYTES,
  RUNNERS_IMPORT_FILE_FIELD,
  runnersImportParamsSchema,
  runnersImportQuerySchema,
} from '@fotodrop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ValidationError } from '../http/errors';
import { isMultipartRequest } from '../http/multipart-body';
import { NUL_MESSAGE, nulFields, parse, toFastifyPath } from '../http/route';
import type { RouteContext } from './context';

const tooLarge = () =>
  new DomainError(413, 'validation_error', `The file is larger than ${RUNNERS_CSV_MAX_BYTES / 2 ** 20} MB.`, {
    fields: { file: ['file.too_large'] },
  });

/** The multipart form: the CSV in `file` (read into memory, 20 MB at most) and `consent_confirmed`. */
async function formOf(request: FastifyRequest, reply: FastifyReply) {
  let text: string | null = null;
  let consent: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fileSize: RUNNERS_CSV_MAX_BYTES, fields: 5, fieldSize: 100 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== RUNNERS_IMPORT_FILE_FIELD) {
          throw new ValidationError({ [part.fieldname]: ['field.unknown'] });
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        text = bytes.toString('utf8');
      } else {
        // a NUL in any field's name or value is refused as everywhere else (route.ts `parse`)
        const nul = nulFields({ [part.fieldname]: String(part.value) });
        if (nul.length > 0) throw new ValidationError(Object.fromEntries(nul.map((f) => [f, [NUL_MESSAGE]])));
        if (part.fieldname === 'consent_confirmed') consent = String(part.value);
      }
    }
  } catch (error) {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
  }
  if (text === null) throw new ValidationError({ file: ['field.required'] });
  return { text, consent };
}

/**
 * Race runners (issue 20); rules in services/runners. The import takes the CSV as a `text/csv`
 * body (parser registered by organiserCodeRoutes, its limit raised for this route) or as a
 * multipart file, so it is routed by hand after both parsers exist.
 */
export function organiserRunnerRoutes(app: FastifyInstance, context: RouteContext, apiBase: string): void {
  const { services } = context;
  const endpoint = k.importRunners;
  app.post(
    toFastifyPath(apiBase, endpoint.path),
    { bodyLimit: RUNNERS_CSV_MAX_BYTES },
    async (request, reply) => {
      const auth = await services.auth.authenticate(request.headers.authorization);
      services.auth.requireAccess(auth, endpoint.access);
      const params = parse(runnersImportParamsSchema, request.params, 'params')!;
      const query = parse(runnersImportQuerySchema, request.query, 'query')!;
      let text: string;
      let consent = query.consent_confirmed;
      if (isMultipartRequest(request)) {
        const form = await formOf(request, reply);
        text = form.text;
        if (form.consent !== undefined) {
          consent = parse(consentConfirmedSchema, form.consent, 'consent_confirmed');
        }
      } else {
        text = parse(endpoint.body, request.body, 'body') as string;
      }
      return reply.send(await services.runners.importCsv(auth!, params.slug, text, consent === 'true'));
    },
  );
  context.route(k.listRunners, async ({ auth, params, query }) =>
    services.runnersList.list(auth, params.slug, query),
  );
  context.route(k.runnerOptOut, async ({ body }) => services.runnerReady.optOut(body.token));
}
