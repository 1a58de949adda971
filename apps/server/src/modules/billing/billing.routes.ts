import type { FastifyInstance } from 'fastify';
import { actorOf, route } from '../../lib/route';

/** Plans, the subscription and its changes, payments, addresses, pricing (DESIGN §11). */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { subscriptions, billingWebhooks } = app.services;

  route(app, 'GET /api/v1/subscription', async (r) => subscriptions.subscription(actorOf(r)));
  route(app, 'GET /api/v1/plans', async () => subscriptions.plans());
  route(app, 'POST /api/v1/subscription/checkout', async (r) => subscriptions.checkout(actorOf(r), r.body));
  route(app, 'POST /api/v1/subscription/change', async (r) => subscriptions.change(actorOf(r), r.body));
  route(app, 'POST /api/v1/subscription/cancel', async (r) => subscriptions.schedule(actorOf(r), 'cancel'));
  route(app, 'POST /api/v1/subscription/pause', async (r) => subscriptions.schedule(actorOf(r), 'pause'));
  route(app, 'POST /api/v1/subscription/resume', async (r) => subscriptions.resume(actorOf(r)));
  route(app, 'POST /api/v1/subscription/continue', async (r) => subscriptions.continue(actorOf(r)));
  route(app, 'GET /api/v1/payments', async (r) => subscriptions.payments(actorOf(r)));
  route(app, 'GET /api/v1/addresses', async (r) => subscriptions.addresses(actorOf(r)));
  route(app, 'POST /api/v1/addresses', async (r) => subscriptions.createAddress(actorOf(r), r.body));
  route(app, 'PUT /api/v1/addresses', async (r) => subscriptions.updateAddress(actorOf(r), r.body));
  route(app, 'POST /api/v1/pricing-preview', async (r) => subscriptions.pricingPreview(actorOf(r), r.body));

  // The signature covers the exact bytes: in this scope JSON bodies are kept raw on the request.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      raws.set(request, body as Buffer);
      done(null, {});
    });
    route(scope, 'POST /api/v1/billing/webhook', async (r) => {
      await billingWebhooks.receiveWebhook(
        raws.get(r) ?? Buffer.alloc(0),
        r.headers['paddle-signature'] as string | undefined,
      );
      return {};
    });
  });
}

/** Raw webhook bodies by request, for the signature check. */
const raws = new WeakMap<object, Buffer>();
