import { createVerify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { SigningCertificate } from './certificate';
import type { SimContext } from './context';
import { invalidRequest, notFound, Router, sendJson, sendText } from './http';

/**
 * The webhook side of /v1/notifications: the signing certificate (open, as PayPal's are), the
 * verify-webhook-signature postback, and the listing, showing and resending of events.
 */
export function notificationRoutes(router: Router, ctx: SimContext, certificate: SigningCertificate): void {
  const certPath = new URL(ctx.notifier.certUrl).pathname;
  router.add(
    'GET',
    certPath,
    (_req, res) =>
      ctx.certificateOutage
        ? sendText(res, 503, 'text/plain', 'Service Unavailable')
        : sendText(res, 200, 'application/x-x509-ca-cert', certificate.pem),
    { open: true },
  );

  /** PayPal's check: the headers' values, and the event as the listener parsed it (compact JSON, as sent). */
  router.add('POST', '/v1/notifications/verify-webhook-signature', (req, res) => {
    const body = req.body;
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ]) {
      if (body[field] === undefined) throw invalidRequest(`/${field}`, `${field} is required.`);
    }
    const message = `${String(body.transmission_id)}|${String(body.transmission_time)}|${String(body.webhook_id)}|${crc32(Buffer.from(JSON.stringify(body.webhook_event), 'utf8'))}`;
    const verified =
      body.webhook_id === ctx.notifier.webhookId &&
      body.cert_url === ctx.notifier.certUrl &&
      body.auth_algo === 'SHA256withRSA' &&
      createVerify('RSA-SHA256')
        .update(message)
        .verify(new X509Certificate(certificate.pem).publicKey, String(body.transmission_sig), 'base64');
    sendJson(res, 200, { verification_status: verified ? 'SUCCESS' : 'FAILURE' });
  });

  router.add('GET', '/v1/notifications/webhooks-events', (req, res) => {
    const type = req.url.searchParams.get('event_type');
    const size = Math.min(Number(req.url.searchParams.get('page_size') ?? 10) || 10, 300);
    const events = ctx.notifier.events
      .filter((event) => !type || event.event_type === type)
      .slice(-size)
      .reverse();
    sendJson(res, 200, {
      events,
      count: events.length,
      links: [{ href: `${ctx.origin}/v1/notifications/webhooks-events`, rel: 'self', method: 'GET' }],
    });
  });

  router.add('GET', '/v1/notifications/webhooks-events/:id', (req, res) => {
    const event = ctx.notifier.find(req.params.id);
    if (!event) throw notFound(`Webhook event ${req.params.id}`);
    sendJson(res, 200, event);
  });

  router.add('POST', '/v1/notifications/webhooks-events/:id/resend', (req, res) => {
    const event = ctx.notifier.find(req.params.id);
    if (!event) throw notFound(`Webhook event ${req.params.id}`);
    ctx.notifier.resend(event);
    sendJson(res, 202, event);
  });
}
