import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** Plans, the subscription and its changes, payments, addresses, pricing (DESIGN §11). */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { billing } = app.services;

  route(app, 'GET /api/v1/subscription', async (r) => billing.subscription(actorOf(r)));
  route(app, 'GET /api/v1/plans', async () => billing.plans());
  route(app, 'POST /api/v1/subscription/checkout', async (r) => billing.checkout(actorOf(r), r.body));
  route(app, 'POST /api/v1/subscription/change', async (r) => billing.change(actorOf(r), r.body));
  route(app, 'POST /api/v1/subscription/cancel', async (r) => billing.schedule(actorOf(r), 'cancel'));
  route(app, 'POST /api/v1/subscription/pause', async (r) => billing.schedule(actorOf(r), 'pause'));
  route(app, 'POST /api/v1/subscription/resume', async (r) => billing.resume(actorOf(r)));
  route(app, 'POST /api/v1/subscription/continue', async (r) => billing.continue(actorOf(r)));
  route(app, 'GET /api/v1/payments', async (r) => billing.payments(actorOf(r)));
  route(app, 'GET /api/v1/addresses', async (r) => billing.addresses(actorOf(r)));
  route(app, 'POST /api/v1/addresses', async (r) => billing.createAddress(actorOf(r), r.body));
  route(app, 'PUT /api/v1/addresses', async (r) => billing.updateAddress(actorOf(r), r.body));
  route(app, 'POST /api/v1/pricing-preview', async (r) => billing.pricingPreview(actorOf(r), r.body));

  // The signature covers the exact bytes: in this scope JSON bodies are kept raw on the request.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      raws.set(request, body as Buffer);
      done(null, {});
    });
    route(scope, 'POST /api/v1/billing/webhook', async (r) => {
      await billing.receiveWebhook(
        raws.get(r) ?? Buffer.alloc(0),
        r.headers['paddle-signature'] as string | undefined,
      );
      return {};
    });
  });
}

/** Raw webhook bodies by request, for the signature check. */
const raws = new WeakMap<object, Buffer>();
