import { randomUUID } from 'node:crypto';
import { allEndpoints, ErrorCode, PLATFORM_STAFF_PERMISSION } from '@fotodrop/contract';
import type { Locker } from '@tus/utils';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Mailer } from './adapters/mail/mailer';
import type { Storage } from './adapters/storage/storage';
import type { UploadStore } from './adapters/storage/upload-store';
import type { TrustProxy } from './config';
import type { Database } from './db/client';
import { clientOf } from './http/client';
import { setErrorHandler } from './http/error-handler';
import {
  checkAnswersAgainstContract,
  type ResponseMismatch,
  registerRoute,
  registerSessionRoute,
} from './http/route';
import { registerSecurityHeaders } from './http/security-headers';
import { accountRoutes } from './routes/accounts.routes';
import { albumMediaRoutes } from './routes/album-media.routes';
import { anonymizationRoutes } from './routes/anonymization.routes';
import { addBrandingImageRoute, brandingFileRoutes, brandingRoutes } from './routes/branding.routes';
import { cartRoutes } from './routes/cart.routes';
import { checkinRoutes } from './routes/checkins.routes';
import { configRoutes } from './routes/config.routes';
import type { RequestInfo, RouteContext } from './routes/context';
import { downloadRoutes } from './routes/downloads.routes';
import { addFaceRoute, faceRoutes } from './routes/faces.routes';
import { impersonationRoutes } from './routes/impersonation.routes';
import { mediaFileRoutes } from './routes/media-files.routes';
import { orderRoutes } from './routes/orders.routes';
import { organisationRoutes } from './routes/organisations.routes';
import { organiserRoutes } from './routes/organiser.routes';
import { organiserCodeRoutes } from './routes/organiser-codes.routes';
import { organiserDashboardRoutes } from './routes/organiser-dashboard.routes';
import { organiserEventRoutes } from './routes/organiser-events.routes';
import { organiserMediaRoutes } from './routes/organiser-media.routes';
import { organiserOrderRoutes } from './routes/organiser-orders.routes';
import { organiserParticipantRoutes } from './routes/organiser-participants.routes';
import { organiserPaymentRoutes } from './routes/organiser-payments.routes';
import { organiserPriceRoutes } from './routes/organiser-prices.routes';
import { organiserRunnerRoutes } from './routes/organiser-runners.routes';
import { organiserUploadRoutes } from './routes/organiser-uploads.routes';
import { organiserVoucherRoutes } from './routes/organiser-vouchers.routes';
import { paymentMethodRoutes } from './routes/payment-methods.routes';
import { paymentWebhookRoutes } from './routes/payment-webhooks.routes';
import { photobookRoutes } from './routes/photobook.routes';
import { previewPageData } from './routes/preview-page';
import { printRoutes } from './routes/print.routes';
import { sharingRoutes } from './routes/sharing.routes';
import { supportRoutes, supportSendRoute } from './routes/support.routes';
import { systemRoutes } from './routes/system.routes';
import { tusUploadRoutes } from './routes/tus-uploads.routes';
import { webRoutes } from './routes/web.routes';
import { type LinkBaseResolver, linkBaseResolver } from './services/accounts/link-base';
import { downloadRight } from './services/media/download-owner';
import type { Services } from './services/services';

export const API_BASE = '/api';

export interface AppOptions {
  database: Database;
  services: Services;
  mailer: Mailer;
  storage: Storage;
  /** Where resumable (tus) uploads are kept until finished; without it they are not offered. */
  uploadStore?: UploadStore;
  /** The lock of an upload shared by every API process (PostgreSQL); the process's memory by default. */
  uploadLocker?: Locker;
  mediaSecret: string;
  publicUrl: string;
  webDist: string | null;
  logLevel?: string;
  /**
   * Tests only: every 2xx answer of a contract endpoint is parsed with its response schema; a
   * mismatch answers 500 and is reported here. Off in production (a second parse of every answer).
   */
  onResponseMismatch?: (mismatch: ResponseMismatch) => void;
  /** TRUST_PROXY: hop count or proxy addresses whose X-Forwarded-For is believed; off by default. */
  trustProxy?: TrustProxy;
  /** The metrics listener's origin (METRICS_PUBLIC_URL): the web app is told it and may connect to it. */
  metricsUrl?: string;
}

function requestInfoOf(services: Services, links: LinkBaseResolver) {
  return async (request: FastifyRequest): Promise<RequestInfo> => {
    const organisationId = await services.config.resolveEventOwner(
      request.headers['x-event-owner'] as string | undefined,
    );
    return {
      ip: request.ip,
      organisationId,
      linkBase: () => links.forRequest({ host: request.host, eventOwnerId: organisationId }),
    };
  };
}

/** A client's request id is kept only when it is a short plain token; anything else gets a fresh one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * Fastify takes addresses as they are; a bare number it refuses (fails closed), so a hop count
 * becomes the function proxy-addr asks hop by hop: the socket and the next hops-1 are proxies.
 */
export function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined || trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    // requestIdHeader would take the header as it comes; genReqId checks it first.
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    requestIdHeader: false,
    // Off unless TRUST_PROXY says which proxies to believe: then request.ip is the real client.
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  await registerSecurityHeaders(app, {
    ...options,
    apiBase: API_BASE,
    stripe: options.services.payments.stripePublishableKey !== null,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (options.onResponseMismatch) {
    checkAnswersAgainstContract(app, API_BASE, allEndpoints, options.onResponseMismatch);
  }

  setErrorHandler(app, (error, request, reply) => {
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: ErrorCode.serverError, message: 'Server error, please try again later.' });
  });

  const { services } = options;
  const authenticate = async (request: FastifyRequest, access: 'public' | 'user' | 'user-with-policies') => {
    const auth = await services.auth.authenticate(request.headers.authorization, clientOf(request));
    services.auth.requireAccess(auth, access);
    return auth;
  };
  const context: RouteContext = {
    route: (endpoint, handler) => registerRoute(app, API_BASE, authenticate, endpoint, handler),
    sessionRoute: (endpoint, handler) =>
      registerSessionRoute(
        app,
        API_BASE,
        {
          authenticate,
          defer: (request, access) =>
            services.auth.deferSession(request.headers.authorization, access, clientOf(request)),
        },
        endpoint,
        handler,
      ),
    services,
    consoleLinkBase: new URL(options.publicUrl).origin,
    requestInfo: requestInfoOf(services, linkBaseResolver(options.database.db, options.publicUrl)),
  };
  accountRoutes(context);
  configRoutes(context);
  checkinRoutes(context);
  albumMediaRoutes(context);
  cartRoutes(context);
  printRoutes(context);
  photobookRoutes(context);
  orderRoutes(context);
  paymentMethodRoutes(context);
  await paymentWebhookRoutes(app, { apiBase: API_BASE, services });
  downloadRoutes(context, { app, apiBase: API_BASE, storage: options.storage });
  await organiserRoutes(app, { apiBase: API_BASE, services, db: options.database.db });
  organiserUploadRoutes(context);
  if (options.uploadStore) {
    await tusUploadRoutes(app, {
      apiBase: API_BASE,
      services,
      store: options.uploadStore,
      ...(options.uploadLocker ? { locker: options.uploadLocker } : {}),
    });
  }
  // after organiserRoutes, which registers the multipart parser
  addFaceRoute(app, { apiBase: API_BASE, services });
  addBrandingImageRoute(app, { apiBase: API_BASE, services });
  brandingFileRoutes(app, { storage: options.storage });
  supportSendRoute(app, context, API_BASE);
  faceRoutes(context);
  anonymizationRoutes(context);
  organiserMediaRoutes(context);
  organiserEventRoutes(context);
  organisationRoutes(context);
  brandingRoutes(context);
  organiserCodeRoutes(context, { app });
  // after organiserCodeRoutes (the text/csv parser) and organiserRoutes (the multipart parser)
  organiserRunnerRoutes(app, context, API_BASE);
  organiserParticipantRoutes(context);
  organiserPriceRoutes(context);
  organiserVoucherRoutes(context);
  organiserPaymentRoutes(context);
  organiserOrderRoutes(context);
  organiserDashboardRoutes(context);
  sharingRoutes(context);
  supportRoutes(context);
  impersonationRoutes(context);
  mediaFileRoutes(app, {
    apiBase: API_BASE,
    storage: options.storage,
    secret: options.mediaSecret,
    now: services.now,
    makeBlurred: services.anonymization.makeBlurredFile,
    mayDownload: downloadRight(options.database.db),
  });
  await systemRoutes(app, {
    apiBase: API_BASE,
    database: options.database,
    mailer: options.mailer,
    requireStaff: async (request) =>
      services.auth.requirePermission(
        await services.auth.authenticate(request.headers.authorization),
        PLATFORM_STAFF_PERMISSION,
      ),
  });
  const linkBases = linkBaseResolver(options.database.db, options.publicUrl);
  await webRoutes(app, {
    apiBase: API_BASE,
    webDist: options.webDist,
    metricsUrl: options.metricsUrl,
    pageData: previewPageData(services.preview.preview),
    sharedPreview: async (link, host) => {
      const shared = await services.sharedImage.linkPreview(link);
      if (!shared) return null;
      // Origins from the configuration only; the Host header merely picks a branded site by exact match.
      const site = await linkBases.site({ host, eventOwnerId: null });
      return {
        siteName: site.brandName,
        title: shared.eventName,
        pageTitle: `A photo from ${shared.eventName}`,
        description: `A photo from ${shared.eventName}. Find your own photos with your album code or a selfie.`,
        image: new URL(shared.imageUrl, options.publicUrl).toString(),
        url: `${site.origin}/shared/${link.user_id}/${link.media_id}/${link.security_hash}`,
        size: shared.size,
      };
    },
  });
  return app;
}
