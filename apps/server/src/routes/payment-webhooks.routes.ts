import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ProviderId, WebhookSignatureError } from '../adapters/payments/payment-provider';
import type { Services } from '../services/services';

/** Provider notifications are small JSON documents; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Where each provider posts its notifications (under the API base); outside the browser contract. */
export const PAYMENT_WEBHOOK_PATHS: Record<'stripe' | 'mercado-pago', string> = {
  stripe: '/payments/v1/stripe/webhook/',
  'mercado-pago': '/payments/v1/mercado-pago/webhook/',
};

/**
 * Provider → server notifications. A signature covers the exact bytes sent, so these routes read
 * the raw body: an encapsulated plugin replaces the JSON parser for them alone. A notification only
 * says which payment changed; its state is then read from the provider (orders.syncPayment), so a
 * replayed or reordered notification changes nothing that the provider does not confirm.
 */
export async function paymentWebhookRoutes(
  app: FastifyInstance,
  options: { apiBase: string; services: Pick<Services, 'payments' | 'orders'> },
): Promise<void> {
  const { payments, orders } = options.services;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    for (const [providerId, path] of Object.entries(PAYMENT_WEBHOOK_PATHS) as [ProviderId, string][]) {
      scope.post(`${options.apiBase}${path}`, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
        const provider = payments.byId(providerId);
        if (!provider?.parseWebhook) return notConfigured(reply);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const event = await provider.parseWebhook(raw, request.headers);
          if (event) await orders.syncPayment(providerId, event.providerRef);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ provider: providerId, reason: error.message }, 'payment webhook refused');
            return reply
              .status(400)
              .send({ code: 'bad_signature', message: 'The signature does not match.' });
          }
          // Anything else (the provider unreachable) answers 5xx: the provider sends it again later.
          throw error;
        }
        return reply.status(200).send({ received: true });
      });
    }
  });
}

function notConfigured(reply: FastifyReply) {
  return reply.status(404).send({ code: 'not_found', message: 'This payment provider is not configured.' });
}
