import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { ErrorCode } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import type { OutgoingHttpHeaders } from 'node:http';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { ReverseProxy } from '../proxy/reverse-proxy';
import { clientAddress } from '../edge/client-address';

/** What the zipper needs from the visitor's request; cookies and credentials stay at the gateway. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'if-modified-since',
  'if-none-match',
  'user-agent',
  'x-request-id',
];

/** The media routes go to the zipper as a stream (see ReverseProxy); a zipper that is down is a 502. */
@Injectable()
export class ZipperForwarder implements OnModuleDestroy {
  private readonly proxy: ReverseProxy;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.proxy = new ReverseProxy(config.ZIPPER_URL, config.INTERNAL_TOKEN);
  }

  /** `stated` are the gateway's own statements to the zipper (the caller's plan), never the visitor's. */
  forward(req: Request, res: Response, stated: OutgoingHttpHeaders = {}): Promise<void> {
    const headers: OutgoingHttpHeaders = Object.fromEntries(
      FORWARDED_REQUEST_HEADERS.filter((name) => req.headers[name] !== undefined).map((name) => [
        name,
        req.headers[name],
      ]),
    );
    Object.assign(headers, stated, { 'x-forwarded-for': clientAddress(req) });
    return this.proxy.forward(req, res, { headers, unavailable: () => new AppException(ErrorCode.Internal, 502) });
  }

  onModuleDestroy(): void {
    this.proxy.close();
  }
}
