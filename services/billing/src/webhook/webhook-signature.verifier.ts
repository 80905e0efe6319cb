import { Inject, Injectable, Logger } from '@nestjs/common';
import { createVerify, X509Certificate } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { crc32 } from 'node:zlib';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { CLOCK, type Clock } from '../clock';
import { PayPalClient } from '../paypal/paypal.client';

const CERT_TIMEOUT_MS = 5_000;
const CERT_MAX_BYTES = 64 * 1024;
const CERT_CACHE_MS = 24 * 3600 * 1000;
const SIGNED_ALGORITHM = 'SHA256withRSA';
/**
 * How far PAYPAL-TRANSMISSION-TIME may be from now. Every transmission (a retry, a resend) is newly timed and signed,
 * so a genuine one is seconds old; a captured one replayed later, or one timed ahead, is refused.
 */
const TRANSMISSION_WINDOW_MS = 5 * 60_000;

interface Transmission {
  id: string;
  time: string;
  signature: string;
  certUrl: string;
  algorithm: string;
}

/** The certificate could not be had (network, status, not a certificate): PayPal's postback decides instead. */
class CertificateUnavailable extends Error {}

/**
 * PayPal's webhook signature, checked as PayPal documents it: the message
 * `<PAYPAL-TRANSMISSION-ID>|<PAYPAL-TRANSMISSION-TIME>|<webhook id>|<CRC32 of the raw body, decimal>` signed with
 * SHA256withRSA by the key of the certificate at PAYPAL-CERT-URL, sent within TRANSMISSION_WINDOW_MS of now. The
 * certificate is fetched only from the configured hosts (PAYPAL_CERT_HOSTS) and cached; a URL elsewhere is refused
 * unfetched. When billing cannot check itself (the certificate is unreachable, or another algorithm is named),
 * PayPal's verify-webhook-signature API is asked. A signature that does not verify is final.
 */
@Injectable()
export class WebhookSignatureVerifier {
  private readonly logger = new Logger(WebhookSignatureVerifier.name);
  private readonly certificates = new Map<string, { certificate: Promise<X509Certificate>; until: number }>();

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly paypal: PayPalClient,
  ) {}

  async verify(raw: Buffer, headers: IncomingHttpHeaders): Promise<boolean> {
    const transmission = transmissionOf(headers);
    const webhookId = this.config.PAYPAL_WEBHOOK_ID;
    if (!transmission || !webhookId) return this.refused('missing transmission headers or PAYPAL_WEBHOOK_ID');
    // PayPal's wall-clock time: billing's own clock may be moved forward for tests of paid periods.
    const sentAt = Date.parse(transmission.time);
    if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > TRANSMISSION_WINDOW_MS)
      return this.refused(`transmission time outside the window: ${transmission.time}`);
    if (!this.allowedCertUrl(transmission.certUrl))
      return this.refused(`certificate URL off the allow-list: ${transmission.certUrl}`);
    if (transmission.algorithm !== SIGNED_ALGORITHM) return this.askPayPal(raw, transmission, webhookId);
    let certificate: X509Certificate;
    try {
      certificate = await this.certificate(transmission.certUrl);
    } catch (error) {
      if (error instanceof CertificateUnavailable) return this.askPayPal(raw, transmission, webhookId);
      throw error;
    }
    const now = this.clock.now();
    if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo))
      return this.refused('certificate not valid now');
    const message = `${transmission.id}|${transmission.time}|${webhookId}|${crc32(raw)}`;
    const valid = createVerify('RSA-SHA256')
      .update(message)
      .verify(certificate.publicKey, transmission.signature, 'base64');
    return valid || this.refused('signature does not match');
  }

  /** https on a listed host's default port, or exactly a listed origin (the simulator's http://127.0.0.1:port). */
  private allowedCertUrl(text: string): boolean {
    if (!URL.canParse(text)) return false;
    const url = new URL(text);
    if (url.username || url.password) return false;
    return this.config.PAYPAL_CERT_HOSTS.some((entry) =>
      entry.includes('://')
        ? URL.canParse(entry) && new URL(entry).origin === url.origin
        : url.protocol === 'https:' && url.port === '' && url.hostname === entry,
    );
  }

  private certificate(url: string): Promise<X509Certificate> {
    const cached = this.certificates.get(url);
    if (cached && cached.until > Date.now()) return cached.certificate;
    const certificate = fetchCertificate(url);
    this.certificates.set(url, { certificate, until: Date.now() + CERT_CACHE_MS });
    certificate.then(
      (loaded) =>
        this.certificates.set(url, {
          certificate,
          until: Math.min(Date.now() + CERT_CACHE_MS, new Date(loaded.validTo).getTime()),
        }),
      () => this.certificates.delete(url),
    );
    return certificate;
  }

  private async askPayPal(raw: Buffer, transmission: Transmission, webhookId: string): Promise<boolean> {
    let event: unknown;
    try {
      event = JSON.parse(raw.toString('utf8'));
    } catch {
      return this.refused('body is not JSON');
    }
    try {
      const verified = await this.paypal.verifyWebhookSignature({
        authAlgo: transmission.algorithm,
        certUrl: transmission.certUrl,
        transmissionId: transmission.id,
        transmissionSig: transmission.signature,
        transmissionTime: transmission.time,
        webhookId,
        event,
      });
      return verified || this.refused('PayPal says the signature does not verify');
    } catch (error) {
      this.logger.warn({ msg: 'PayPal could not verify a webhook signature', err: error });
      return false;
    }
  }

  private refused(reason: string): false {
    this.logger.warn({ msg: 'webhook refused', reason });
    return false;
  }
}

function transmissionOf(headers: IncomingHttpHeaders): Transmission | undefined {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value.length > 0 && value.length <= 2048 ? value : undefined;
  };
  const [id, time, signature, certUrl, algorithm] = [
    'paypal-transmission-id',
    'paypal-transmission-time',
    'paypal-transmission-sig',
    'paypal-cert-url',
    'paypal-auth-algo',
  ].map(header);
  return id && time && signature && certUrl && algorithm ? { id, time, signature, certUrl, algorithm } : undefined;
}

async function fetchCertificate(url: string): Promise<X509Certificate> {
  try {
    const answer = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(CERT_TIMEOUT_MS) });
    if (!answer.ok) throw new Error(`status ${answer.status}`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (bytes.length > CERT_MAX_BYTES) throw new Error('too large');
    return new X509Certificate(bytes.toString('utf8'));
  } catch (error) {
    throw new CertificateUnavailable(`certificate ${url} unavailable: ${(error as Error).message}`);
  }
}
