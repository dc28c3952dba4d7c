import type { BibEngine } from '../adapters/bibs/bib-engine';
import { processBibEngine } from '../adapters/bibs/bib-engine-pool';
import { DEFAULT_ENGINE_IDLE_SECONDS } from '../adapters/engines/idle-thread-pool';
import type { FaceEngine } from '../adapters/faces/face-engine';
import { processFaceEngine } from '../adapters/faces/face-engine-pool';
import type { FaceIndex } from '../adapters/faces/face-index';
import { createFaceIndex } from '../adapters/faces/face-indexes';
import type { JobQueue } from '../adapters/jobs/job-queue';
import { argon2Hasher, type PasswordHasher } from '../adapters/password-hasher';
import type { PaymentRegistry } from '../adapters/payments/payment-registry';
import type { PaymentConfig } from '../adapters/payments/providers';
import type { Storage } from '../adapters/storage/storage';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { accountService } from './accounts/account.service';
import { authService } from './accounts/auth.service';
import { externalAuthService } from './accounts/external-auth.service';
import { impersonationService } from './accounts/impersonation.service';
import { linkBaseResolver } from './accounts/link-base';
import { rateLimiter } from './accounts/rate-limiter';
import { albumMediaService } from './albums/album-media.service';
import { albumPurchasesView } from './albums/album-purchases';
import { checkinsService } from './albums/checkins.service';
import {
  BIB_GUESS_LIMITS,
  codeGuessLimits,
  VOUCHER_GUESS_LIMITS,
  wrongGuessLimits,
} from './albums/code-guess-limits';
import { eventsService } from './albums/events.service';
import { findByBibService } from './albums/find-by-bib.service';
import { previewService } from './albums/preview.service';
import { unpurchasedLifecycle } from './albums/unpurchased-lifecycle';
import { bibReadingService } from './bibs/bib-reading.service';
import { cartService } from './cart-print/cart.service';
import { cartOverviewService } from './cart-print/cart-overview.service';
import { photobookService } from './cart-print/photobook.service';
import { photobookCovers } from './cart-print/photobook-covers';
import { printService } from './cart-print/print.service';
import { codesService } from './codes/codes.service';
import { eventBibsService } from './events/event-bibs.service';
import { galleriesService } from './events/galleries.service';
import { organiserEventsService } from './events/organiser-events.service';
import { anonymizationService } from './faces/anonymization.service';
import { faceIndexingService } from './faces/face-indexing.service';
import { faceMatchingService } from './faces/face-matching.service';
import { selfieService } from './faces/selfie.service';
import { dashboardService } from './insight/dashboard.service';
import { eventProgressService } from './media/event-progress.service';
import { mediaFilesService } from './media/media-files.service';
import { mediaManageService } from './media/media-manage.service';
import { organiserService } from './media/organiser.service';
import { uploadsService } from './media/uploads.service';
import { metricDailyService } from './metrics/metric-daily.service';
import { albumZipService } from './orders/album-zip.service';
import { cartPaymentsService } from './orders/cart-payments.service';
import { labPackages } from './orders/lab-package';
import { orderRefunds } from './orders/order-refunds';
import { orderServices } from './orders/order-services';
import { organiserOrderActions } from './orders/organiser-order-actions.service';
import { organiserOrdersService } from './orders/organiser-orders.service';
import { savedCardsService } from './orders/saved-cards.service';
import { testPaymentsService } from './orders/test-payments.service';
import { brandingService } from './organisations/branding.service';
import { invitationService } from './organisations/invitations';
import { teamService } from './organisations/team.service';
import { organiserParticipantsService } from './participants/organiser-participants.service';
import { priceSheetsService } from './prices/price-sheets.service';
import { pricesService } from './prices/prices.service';
import { DEFAULT_READY_EMAILS_PER_MINUTE, runnerReadyService } from './runners/runner-ready';
import { runnersImportService } from './runners/runners-import.service';
import { runnersListService } from './runners/runners-list.service';
import { bankAccountService } from './selling/bank-account.service';
import { eventPaymentMethodsService } from './selling/event-payment-methods.service';
import { printOfferService } from './selling/print-offer.service';
import { shareHasher } from './sharing/share-hash';
import { sharedImageService } from './sharing/shared-image.service';
import { configService } from './sites/config.service';
import { supportService } from './support/support.service';
import { organiserCampaignsService } from './vouchers/organiser-campaigns.service';
import { organiserVouchersService } from './vouchers/organiser-vouchers.service';

export interface ServiceDeps {
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  /** Signs media links; shared by every process (see settings.repository). */
  mediaSecret: string;
  config: Pick<ServerConfig, 'TOKEN_TTL_DAYS' | 'REQUIRED_POLICIES_VERSION' | 'OIDC_PROVIDERS'> &
    PaymentConfig &
    Partial<
      Pick<
        ServerConfig,
        | 'PUBLIC_URL'
        | 'PORT'
        | 'SELFIE_RETENTION_DAYS'
        | 'PAYMENT_TIMEOUT_MINUTES'
        | 'ENGINE_IDLE_SECONDS'
        | 'MAX_VIDEO_MB'
        | 'READY_EMAILS_PER_MINUTE'
      >
    >;
  /** The payment providers; by default from the configuration's keys (the test provider without). */
  payments?: PaymentRegistry;
  now?: () => Date;
  hasher?: PasswordHasher;
  /** Face detection; the process' pool of engine threads (started on first use) by default. */
  faceEngine?: FaceEngine;
  /** Face search; the exact scan by default, pgvector with FACE_INDEX=pgvector (face-indexes.ts). */
  faceIndex?: FaceIndex;
  /** Bib recognition's OCR; the process' pool of engine threads (started on first use) by default. */
  bibEngine?: BibEngine;
}

/** decision: selfie descriptors are kept 180 days at most unless SELFIE_RETENTION_DAYS says otherwise. */
const DEFAULT_SELFIE_RETENTION_DAYS = 180;

/** Wires every service with its dependencies; the one place that knows the whole graph. */
export function createServices(deps: ServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const hasher = deps.hasher ?? argon2Hasher;
  const limiter = rateLimiter(deps.db, now);
  const codeGuesses = codeGuessLimits(limiter);
  const voucherGuesses = wrongGuessLimits(limiter, 'voucher', VOUCHER_GUESS_LIMITS);
  const requiredPoliciesVersion = deps.config.REQUIRED_POLICIES_VERSION;
  const metricDaily = metricDailyService({ db: deps.db, now });
  const auth = authService({
    db: deps.db,
    hasher,
    limiter,
    now,
    tokenTtlDays: deps.config.TOKEN_TTL_DAYS,
    requiredPoliciesVersion,
  });
  // Engine threads and an event's faces in memory are let go after this long without work.
  const idleMs = (deps.config.ENGINE_IDLE_SECONDS ?? DEFAULT_ENGINE_IDLE_SECONDS) * 1000;
  const faceEngine = deps.faceEngine ?? processFaceEngine({ idleMs });
  const faceIndex = deps.faceIndex ?? createFaceIndex(deps.db, { idleMs });
  const faceMatching = faceMatchingService({ db: deps.db, faceIndex });
  const faceIndexing = faceIndexingService({
    db: deps.db,
    jobs: deps.jobs,
    storage: deps.storage,
    engine: faceEngine,
    faceIndex,
    matching: faceMatching,
  });
  const runnerReady = runnerReadyService({
    db: deps.db,
    jobs: deps.jobs,
    mediaSecret: deps.mediaSecret,
    // links in e-mails: PUBLIC_URL as main.ts resolves it (a branded organisation's own subdomain)
    publicUrl: deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT ?? 8080}`,
    now,
    emailsPerMinute: deps.config.READY_EMAILS_PER_MINUTE ?? DEFAULT_READY_EMAILS_PER_MINUTE,
  });
  const bibReading = bibReadingService({
    db: deps.db,
    jobs: deps.jobs,
    storage: deps.storage,
    engine: deps.bibEngine ?? processBibEngine({ idleMs }),
    onBibsRead: runnerReady.queueScan,
  });
  const mediaFiles = mediaFilesService({
    db: deps.db,
    storage: deps.storage,
    jobs: deps.jobs,
    secret: deps.mediaSecret,
    now,
    onReady: async (mediaId) => {
      await faceIndexing.mediaReady(mediaId);
      await bibReading.mediaReady(mediaId);
    },
    ...(deps.config.MAX_VIDEO_MB
      ? { limits: { video: { maxBytes: deps.config.MAX_VIDEO_MB * 2 ** 20 } } }
      : {}),
  });
  const checkins = checkinsService({
    db: deps.db,
    now,
    thumbnailUrl: (id, hidden) => mediaFiles.url(id, 'thumb', hidden),
    codeGuesses,
    // the model loads (seconds) while the participant takes the selfie
    onSelfieStep: () => faceEngine.warm?.(),
  });
  const anonymization = anonymizationService({ db: deps.db, jobs: deps.jobs, storage: deps.storage });
  const cart = cartService({ db: deps.db, mediaFiles, now });
  const print = printService({ db: deps.db, mediaFiles, now });
  const { testProvider, payments, pricing, options, completion, orderPaymentFlow, presenter, orders } =
    orderServices({
      db: deps.db,
      jobs: deps.jobs,
      now,
      config: deps.config,
      payments: deps.payments,
      mediaFiles,
      voucherGuesses,
    });
  // links to an organisation's site (QR cards, campaign links), built from PUBLIC_URL as main.ts resolves it
  const siteLinks = linkBaseResolver(
    deps.db,
    deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT ?? 8080}`,
  );
  const refunds = orderRefunds({ db: deps.db, jobs: deps.jobs, payments, now });
  const organiserOrders = organiserOrdersService({ db: deps.db, mediaFiles });
  return {
    auth,
    limiter,
    sharedImage: sharedImageService({
      db: deps.db,
      mediaFiles,
      shares: shareHasher(deps.mediaSecret),
      storage: deps.storage,
    }),
    accounts: accountService({
      db: deps.db,
      hasher,
      limiter,
      auth,
      jobs: deps.jobs,
      now,
      requiredPoliciesVersion,
    }),
    team: teamService({ db: deps.db, jobs: deps.jobs, auth, now }),
    branding: brandingService({ db: deps.db, storage: deps.storage }),
    eventPaymentMethods: eventPaymentMethodsService({ db: deps.db, payments }),
    bankAccount: bankAccountService({ db: deps.db, payments }),
    printOffer: printOfferService({ db: deps.db }),
    codes: codesService({
      db: deps.db,
      now,
      storage: deps.storage,
      // QR cards link to the event's organisation site, built from PUBLIC_URL as main.ts resolves it.
      links: siteLinks,
    }),
    organiserEvents: organiserEventsService({ db: deps.db, onPublished: runnerReady.queueScan }),
    eventBibs: eventBibsService({
      db: deps.db,
      onBibsSettingsChanged: async (id) => void (await bibReading.queueEventBibReading(id)),
    }),
    runners: runnersImportService({ db: deps.db, now, onImported: runnerReady.queueScan }),
    runnersList: runnersListService({ db: deps.db }),
    runnerReady,
    participants: organiserParticipantsService({ db: deps.db, storage: deps.storage }),
    vouchers: organiserVouchersService({ db: deps.db, now }),
    campaigns: organiserCampaignsService({ db: deps.db, now, links: siteLinks }),
    dashboard: dashboardService({ db: deps.db, now }),
    galleries: galleriesService({ db: deps.db }),
    prices: pricesService({ db: deps.db, now }),
    priceSheets: priceSheetsService({ db: deps.db, now }),
    invitations: invitationService({
      db: deps.db,
      jobs: deps.jobs,
      hasher,
      limiter,
      auth,
      now,
      requiredPoliciesVersion,
    }),
    externalAuth: externalAuthService({ db: deps.db, auth, providers: deps.config.OIDC_PROVIDERS }),
    impersonation: impersonationService({ db: deps.db, limiter, now }),
    config: configService(deps.db),
    support: supportService({ db: deps.db, jobs: deps.jobs, storage: deps.storage, limiter, now }),
    checkins,
    findByBib: findByBibService({
      db: deps.db,
      checkins,
      bibGuesses: wrongGuessLimits(limiter, 'bib', BIB_GUESS_LIMITS),
    }),
    selfies: selfieService({
      db: deps.db,
      now,
      engine: faceEngine,
      indexing: faceIndexing,
      matching: faceMatching,
      limiter,
      retentionDays: deps.config.SELFIE_RETENTION_DAYS ?? DEFAULT_SELFIE_RETENTION_DAYS,
      thumbnailUrl: (id, hidden) => mediaFiles.url(id, 'thumb', hidden),
      hiddenFor: anonymization.hiddenFor,
      completeFaceStep: (id) => checkins.completeFaceStep(id),
    }),
    events: eventsService({ db: deps.db, now }),
    mediaFiles,
    uploads: uploadsService({ db: deps.db, mediaFiles }),
    albumMedia: albumMediaService({
      db: deps.db,
      mediaFiles,
      purchases: albumPurchasesView({
        db: deps.db,
        mediaFiles,
        downloadUrl: mediaFiles.downloadUrl,
        now,
        hiddenFor: anonymization.hiddenFor,
      }),
      now,
    }),
    cart,
    print,
    photobook: photobookService({
      db: deps.db,
      mediaFiles,
      now,
      covers: photobookCovers({
        db: deps.db,
        storage: deps.storage,
        mediaFiles,
        makeBlurredFile: (mediaId, faceIds, variant) =>
          anonymization.makeBlurredFile(mediaId, faceIds, variant),
      }),
    }),
    cartOverview: cartOverviewService({ db: deps.db, cart, print, pricing, voucherGuesses, now }),
    payments,
    orders,
    orderCompletion: completion,
    orderPayments: orderPaymentFlow,
    orderRefunds: refunds,
    organiserOrders,
    organiserOrderActions: organiserOrderActions({
      db: deps.db,
      jobs: deps.jobs,
      storage: deps.storage,
      now,
      reads: organiserOrders,
      refunds,
      completion,
      presenter,
    }),
    cartPayments: cartPaymentsService({ db: deps.db, pricing, options }),
    savedCards: savedCardsService({ payments }),
    testPayments: testPaymentsService({
      provider: testProvider,
      payments,
      notify: (ref) => orders.syncPayment('test', ref),
    }),
    albumZips: albumZipService({
      db: deps.db,
      storage: deps.storage,
      jobs: deps.jobs,
      secret: deps.mediaSecret,
      now,
      anonymization,
    }),
    mediaManage: mediaManageService({
      db: deps.db,
      storage: deps.storage,
      mediaFiles,
      now,
      onBibsChanged: runnerReady.queueScan,
    }),
    organiser: organiserService({
      db: deps.db,
      mediaFiles,
      faceIndexProgress: faceIndexing.progress,
      eventMetrics: metricDaily.eventMetrics,
    }),
    eventProgress: eventProgressService({
      db: deps.db,
      jobs: deps.jobs,
      faceIndexProgress: faceIndexing.progress,
    }),
    metricDaily,
    labPackages: labPackages({ db: deps.db, storage: deps.storage, anonymization }),
    unpurchasedLifecycle: unpurchasedLifecycle({
      db: deps.db,
      storage: deps.storage,
      jobs: deps.jobs,
      now,
      // Links in scheduled e-mails: PUBLIC_URL, as main.ts resolves it.
      publicUrl: deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT ?? 8080}`,
    }),
    anonymization,
    faceEngine,
    faceMatching,
    faceIndexing,
    bibReading,
    preview: previewService({
      db: deps.db,
      thumbnailUrl: (id, hidden) => mediaFiles.url(id, 'thumb', hidden),
      codeGuesses,
      hiddenFor: anonymization.hiddenFor,
    }),
    now,
  };
}
export type Services = ReturnType<typeof createServices>;
