import { HttpException, Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { BILLING_USER_HEADER, BillingErrorCode, billingErrorBody } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import type { OutgoingHttpHeaders } from 'node:http';
import { clientAddress } from '../edge/client-address';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { ReverseProxy } from '../proxy/reverse-proxy';

/**
 * What billing may see of a visitor's request: never cookies, never a user header (billing believes
 * X-Pixtract-User-Id, which only the gateway sets), and PayPal's signature headers for the webhook.
 */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'user-agent',
  'x-request-id',
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
  'paypal-auth-version',
];

/** Billing's routes go to it as a stream (see ReverseProxy); a billing that is down is a 503. */
@Injectable()
export class BillingForwarder implements OnModuleDestroy {
  private readonly proxy: ReverseProxy;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.proxy = new ReverseProxy(config.BILLING_URL, config.INTERNAL_TOKEN);
  }

  /** `userId`: the signed-in caller as auth identified them, stated to billing; null for a visitor. */
  forward(req: Request, res: Response, userId: number | null): Promise<void> {
    const headers: OutgoingHttpHeaders = Object.fromEntries(
      FORWARDED_REQUEST_HEADERS.filter((name) => req.headers[name] !== undefined).map((name) => [
        name,
        req.headers[name],
      ]),
    );
    headers['x-forwarded-for'] = clientAddress(req);
    if (userId !== null) headers[BILLING_USER_HEADER] = String(userId);
    const unavailable = () => new HttpException(billingErrorBody(BillingErrorCode.BillingUnavailable, 503), 503);
    return this.proxy.forward(req, res, { headers, unavailable });
  }

  onModuleDestroy(): void {
    this.proxy.close();
  }
}
