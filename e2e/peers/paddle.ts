// Starts the local Paddle stand-in of the API tests and points the app at it: imported by
// start-server.ts before the app, since the app reads its configuration when it is imported.
// Its checkout page (the app's `checkout_url`) completes the purchase, posts Paddle-signed
// webhooks to the app and sends the buyer back to the subscription screen, as Paddle's hosted
// checkout would with a success URL.
import { startPaddlePeer } from '@parley/testing/standins/paddle-standin';

const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
const paddle = await startPaddlePeer(() => new Date(), {
  // Straight to the listening address: webhooks come from Paddle's servers, not the browser.
  webhookUrl: `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 8080}/api/v1/billing/webhook`,
  returnUrl: `${publicUrl}/user/subscriptions?checkout=success`,
});

process.env.BILLING_PROVIDER = 'paddle';
process.env.PADDLE_API_URL = paddle.url;
process.env.PADDLE_API_KEY = paddle.apiKey;
process.env.BILLING_WEBHOOK_SECRET = paddle.webhookSecret;
process.env.PADDLE_PRICE_IDS = JSON.stringify(paddle.priceIds);
