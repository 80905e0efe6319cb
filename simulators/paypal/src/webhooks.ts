import { createHash, randomUUID, sign } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { SigningCertificate } from './certificate';
import { paypalId } from './http';

export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: Array<{ href: string; rel: string; method: string }>;
}

/** One signed transmission of an event, as PayPal posts it to a listener. */
export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

interface NotifierOptions {
  origin: string;
  webhookId: string;
  /** The listener; events are recorded but not sent while it is unset or deliveries are held. */
  webhookUrl?: string;
  certificate: SigningCertificate;
  now: () => Date;
}

const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];

/**
 * Records every event and posts it to the listener, signed as PayPal signs: SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>`, with the certificate's URL in
 * PAYPAL-CERT-URL. Deliveries go one at a time in the order of the events; a listener that does not answer 2xx is
 * tried again a few times (PayPal: 25 times over 3 days).
 */
export class WebhookNotifier {
  readonly events: WebhookEvent[] = [];
  readonly certUrl: string;
  private held = false;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: NotifierOptions) {
    const fingerprint = createHash('sha256').update(options.certificate.pem).digest('hex').slice(0, 8);
    this.certUrl = `${options.origin}/v1/notifications/certs/CERT-360caa42-fca2a594-${fingerprint}`;
  }

  get webhookId(): string {
    return this.options.webhookId;
  }

  emit(eventType: string, resourceType: string, resource: Record<string, unknown>, summary: string): WebhookEvent {
    const id = paypalId('WH-');
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: this.options.now().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource: structuredClone(resource),
      links: [
        { href: `${this.options.origin}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.options.origin}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    this.events.push(event);
    if (!this.held) this.send(event);
    return event;
  }

  find(id: string): WebhookEvent | undefined {
    return this.events.find((event) => event.id === id);
  }

  /** POST …/webhooks-events/{id}/resend: the same event (same id and body) in a new, newly signed transmission. */
  resend(event: WebhookEvent): void {
    this.send(event);
  }

  /** Where events go from now on (a test starts the listener after the simulator). */
  deliverTo(url: string): void {
    this.options.webhookUrl = url;
  }

  /** Tests hold deliveries to send events later, in an order of their choosing, through resend. */
  hold(held: boolean): void {
    this.held = held;
  }

  /** `indent` lays the JSON out as a listener may receive it from PayPal (the signature covers the exact bytes). */
  signedDelivery(event: WebhookEvent, indent?: number): SignedDelivery {
    return this.sign(JSON.stringify(event, null, indent), this.options.now());
  }

  /**
   * A transmission of `body` signed as PayPal signs, sent at `transmissionTime`. PayPal's signature covers only the
   * CRC32 of the body, so a listener must not believe what a verified body says (tests send such bodies).
   */
  sign(body: string, transmissionTime: Date): SignedDelivery {
    const transmissionId = randomUUID();
    const time = transmissionTime.toISOString();
    const message = `${transmissionId}|${time}|${this.options.webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;
    const signature = sign('sha256', Buffer.from(message, 'utf8'), this.options.certificate.privateKey).toString(
      'base64',
    );
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': this.certUrl,
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-auth-version': 'v2',
        'user-agent': 'PayPal/AUHD-214.0-58843193',
      },
    };
  }

  /** Resolves when every delivery queued so far has been answered or given up. */
  settled(): Promise<void> {
    return this.queue;
  }

  close(): void {
    this.closed = true;
  }

  private send(event: WebhookEvent): void {
    const url = this.options.webhookUrl;
    if (!url) return;
    this.queue = this.queue.then(() => this.deliver(url, event));
  }

  private async deliver(url: string, event: WebhookEvent): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      const delivery = this.signedDelivery(event);
      const answered = await fetch(url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (response) => {
          await response.body?.cancel();
          return response.ok;
        },
        () => false,
      );
      if (answered || attempt >= RETRY_DELAYS_MS.length) return;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}
