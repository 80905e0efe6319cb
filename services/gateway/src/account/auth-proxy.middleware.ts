import { HttpException, Inject, Injectable, NestMiddleware, OnModuleDestroy } from '@nestjs/common';
import { AuthErrorCode, authErrorBody } from '@pixtract/contracts';
import type { NextFunction, Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { clientAddress } from '../edge/client-address';
import { NewsletterWish } from '../newsletter/newsletter-wish';
import { ReverseProxy, withoutHopByHop } from '../proxy/reverse-proxy';

/** The routes (under /api) the gateway relays to the auth service. */
export const AUTH_RELAYED_ROUTES = ['auth/{*path}', 'user/profile'];

/**
 * /api/auth/* and /api/user/profile are the auth service's: the gateway, the only public origin,
 * relays them as they are — cookies both ways, redirects, status. The client address auth sees is
 * the one the gateway determined (its X-Forwarded-For is replaced, not appended to), so a spoofed
 * header reaches no one.
 */
@Injectable()
export class AuthProxyMiddleware implements NestMiddleware, OnModuleDestroy {
  private readonly proxy: ReverseProxy;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly newsletterWish: NewsletterWish,
  ) {
    this.proxy = new ReverseProxy(config.AUTH_URL, config.INTERNAL_TOKEN);
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const headers = {
      ...withoutHopByHop(req.headers),
      'x-forwarded-for': clientAddress(req),
      'x-forwarded-proto': req.protocol,
      'x-forwarded-host': req.get('host'),
    };
    const unavailable = () => new HttpException(authErrorBody(AuthErrorCode.AuthUnavailable, 503), 503);
    const onAnswer = this.newsletterWish.afterRegistration(req);
    this.proxy.forward(req, res, { headers, unavailable, onAnswer }).catch(next);
  }

  onModuleDestroy(): void {
    this.proxy.close();
  }
}
