import { HttpException, Inject, Injectable, NestMiddleware, OnModuleDestroy } from '@nestjs/common';
import { AuthErrorCode, authErrorBody } from '@pixtract/contracts';
import type { NextFunction, Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { NewsletterRepository } from '../newsletter/newsletter.repository';
import { ReverseProxy, withoutHopByHop } from '../proxy/reverse-proxy';
import { clientAddress } from './auth.client';
import { newsletterWishOf } from './newsletter-wish';

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
    private readonly newsletter: NewsletterRepository,
  ) {
    this.proxy = new ReverseProxy(config.AUTH_URL);
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const headers = {
      ...withoutHopByHop(req.headers),
      'x-forwarded-for': clientAddress(req),
      'x-forwarded-proto': req.protocol,
      'x-forwarded-host': req.get('host'),
    };
    const unavailable = () => new HttpException(authErrorBody(AuthErrorCode.AuthUnavailable, 503), 503);
    // The newsletter list is the gateway's: a registration that asked for it subscribes its address once auth has
    // made the account, before the browser hears of it.
    const wish = newsletterWishOf(req);
    const onAnswer = wish
      ? (status: number) => (status === 201 ? this.newsletter.subscribe(wish) : Promise.resolve())
      : undefined;
    this.proxy.forward(req, res, { headers, unavailable, onAnswer }).catch(next);
  }

  onModuleDestroy(): void {
    this.proxy.close();
  }
}
