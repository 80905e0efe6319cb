import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogRoutes } from './catalog.routes';
import { createSigningCertificate } from './certificate';
import type { SimContext } from './context';
import { PayPalError, readBody, Router, sendJson, sendText } from './http';
import { notificationRoutes } from './notifications.routes';
import { orderRoutes } from './orders.routes';
import { sdkScript } from './sdk-script';
import { subscriptionRoutes } from './subscriptions.routes';
import { WebhookNotifier, type SignedDelivery, type WebhookEvent } from './webhooks';

export interface PayPalSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The REST app's credentials the simulator accepts (OAuth client credentials) and the SDK's client id. */
  clientId: string;
  clientSecret: string;
  /** The id of the one webhook it notifies (PAYPAL_WEBHOOK_ID on the receiving side). */
  webhookId: string;
  /** The listener URL; without it events are only recorded. */
  webhookUrl?: string;
  now?: () => Date;
}

export interface PayPalSimulator {
  /** Base of the REST API, the checkout pages and the SDK (PAYPAL_API_BASE). */
  origin: string;
  /** The JS SDK's address (PAYPAL_SDK_URL). */
  sdkUrl: string;
  /** Where the webhook certificate is served (the PAYPAL-CERT-URL of every delivery). */
  certUrl: string;
  /** Every event, oldest first. */
  events: WebhookEvent[];
  /** Sends events to this listener from now on. */
  deliverTo(url: string): void;
  /** Held events are recorded but sent only when resent. */
  holdWebhooks(held: boolean): void;
  /** A fresh, signed transmission of an event, for a test to post itself (`indent`: not compact JSON). */
  signedDelivery(eventId: string, indent?: number): SignedDelivery;
  /**
   * Any body signed as PayPal signs a delivery (by default now): a verified body that lies, as one padded to a
   * genuine delivery's CRC32 would, or a transmission time far from now.
   */
  signTransmission(body: string, transmissionTime?: Date): SignedDelivery;
  /** Resolves when every queued delivery has been answered. */
  webhooksSettled(): Promise<void>;
  /** While on, the certificate URL answers 503 (PayPal's certificate host down). */
  certificateOutage(on: boolean): void;
  close(): Promise<void>;
}

const TOKEN_SECONDS = 32_400;

/** Starts the simulator: PayPal's REST paths and shapes, its checkout pages, signed webhooks and a JS SDK. */
export async function startPayPalSimulator(options: PayPalSimulatorOptions): Promise<PayPalSimulator> {
  const now = options.now ?? (() => new Date());
  const router = new Router();
  const tokens = new Map<string, number>();
  let ctx: SimContext | undefined;

  const server = createServer((req, res) => {
    if (!ctx) return sendText(res, 503, 'text/plain', 'starting');
    void dispatch(req, res, ctx);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const origin = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  const certificate = createSigningCertificate(new URL(origin).hostname);
  const notifier = new WebhookNotifier({
    origin,
    webhookId: options.webhookId,
    webhookUrl: options.webhookUrl,
    certificate,
    now,
  });
  ctx = {
    origin,
    now,
    notifier,
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    orders: new Map(),
    idempotent: new Map(),
    certificateOutage: false,
  };

  router.add('GET', '/health', (_req, res) => sendJson(res, 200, { status: 'ok' }), { open: true });
  router.add('GET', '/ready', (_req, res) => sendJson(res, 200, { status: 'ready' }), { open: true });
  router.add(
    'POST',
    '/v1/oauth2/token',
    (req, res) => {
      if (!clientAuthenticated(req.headers.authorization, options))
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (req.body.grant_type !== 'client_credentials')
        return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.set(token, now().getTime() + TOKEN_SECONDS * 1000);
      sendJson(res, 200, {
        scope: 'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-SIMULATOR',
        expires_in: TOKEN_SECONDS,
        nonce: `${now().toISOString()}${randomBytes(8).toString('hex')}`,
      });
    },
    { open: true },
  );
  router.add(
    'GET',
    '/sdk/js',
    (req, res) => {
      const clientId = req.url.searchParams.get('client-id');
      if (clientId !== options.clientId)
        return sendText(
          res,
          400,
          'application/javascript',
          `throw new Error("SDK Validation error: 'Invalid query value for client-id: ${String(clientId).replace(/[^\w-]/g, '')}'");`,
        );
      sendText(res, 200, 'application/javascript; charset=utf-8', sdkScript(origin), { 'cache-control': 'no-cache' });
    },
    { open: true },
  );
  catalogRoutes(router, ctx);
  subscriptionRoutes(router, ctx);
  orderRoutes(router, ctx);
  notificationRoutes(router, ctx, certificate);

  async function dispatch(req: IncomingMessage, res: ServerResponse, context: SimContext): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    try {
      const found = router.match(req.method ?? 'GET', url.pathname);
      if (!found) throw new PayPalError(404, 'NOT_FOUND', `No route for ${req.method} ${url.pathname}.`);
      if (!found.route.open && !bearerValid(req.headers.authorization, tokens, now())) {
        return sendJson(res, 401, {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          details: [],
        });
      }
      const requestId = req.method === 'POST' ? req.headers['paypal-request-id'] : undefined;
      const replayKey = typeof requestId === 'string' ? `${url.pathname}|${requestId}` : undefined;
      const replay = replayKey ? context.idempotent.get(replayKey) : undefined;
      if (replay) return sendJson(res, replay.status, replay.body);
      if (replayKey)
        remember(res, (status, body) => status < 300 && context.idempotent.set(replayKey, { status, body }));
      const { raw, body } = await readBody(req);
      await found.route.handler(
        { method: req.method ?? 'GET', url, params: found.params, headers: req.headers, raw, body },
        res,
      );
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      if (error instanceof PayPalError) return sendJson(res, error.status, error);
      sendJson(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', details: [] });
    }
  }

  return {
    origin,
    sdkUrl: `${origin}/sdk/js`,
    certUrl: notifier.certUrl,
    events: notifier.events,
    deliverTo: (url) => notifier.deliverTo(url),
    holdWebhooks: (held) => notifier.hold(held),
    signedDelivery: (eventId, indent) => {
      const event = notifier.find(eventId);
      if (!event) throw new Error(`No webhook event ${eventId}`);
      return notifier.signedDelivery(event, indent);
    },
    signTransmission: (body, transmissionTime) => notifier.sign(body, transmissionTime ?? now()),
    webhooksSettled: () => notifier.settled(),
    certificateOutage: (on) => {
      ctx.certificateOutage = on;
    },
    close: async () => {
      notifier.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function clientAuthenticated(header: string | undefined, options: PayPalSimulatorOptions): boolean {
  if (!header?.startsWith('Basic ')) return false;
  const given = Buffer.from(header.slice('Basic '.length), 'base64');
  const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function bearerValid(header: string | undefined, tokens: Map<string, number>, now: Date): boolean {
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  const expires = token ? tokens.get(token) : undefined;
  return expires !== undefined && expires > now.getTime();
}

/** Keeps a JSON answer for PayPal-Request-Id replays (the body as written by sendJson). */
function remember(res: ServerResponse, keep: (status: number, body: unknown) => void): void {
  const end = res.end.bind(res);
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string') keep(res.statusCode, JSON.parse(chunk));
    return end(chunk as never, ...(rest as []));
  }) as ServerResponse['end'];
}
