import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { REDIS } from '@pixtract/service-kit';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Redis } from 'ioredis';
import { Authenticator } from 'passport';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { RedisSessionStore } from './redis-session.store';
import { SESSION_COOKIE, SessionUser } from './session-user';

const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** One passport per process: sessions store the user id only. */
const passport = new Authenticator();
passport.serializeUser<number>((user, done) => done(null, (user as SessionUser).id));
passport.deserializeUser<number>((id, done) => done(null, { id } satisfies SessionUser));

/**
 * Cookies, the server-side session (Redis) and passport, in that order. Anonymous requests create
 * no session (saveUninitialized: false); the cookie is HttpOnly, SameSite=Lax, Secure in production.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly chain: RequestHandler[];

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig, @Inject(REDIS) redis: Redis) {
    this.chain = [
      cookieParser(config.VISITOR_SECRET),
      session({
        name: SESSION_COOKIE,
        secret: config.SESSION_SECRET,
        store: new RedisSessionStore(redis, 'pixtract:session:'),
        resave: false,
        saveUninitialized: false,
        proxy: true,
        cookie: {
          httpOnly: true,
          sameSite: 'lax',
          secure: config.NODE_ENV === 'production',
          maxAge: SESSION_MAX_AGE_MS,
          path: '/',
        },
      }),
      passport.initialize(),
      passport.session() as RequestHandler, // @types/passport types it `any`
    ];
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const run = (index: number) => (error?: unknown) => {
      if (error || index === this.chain.length) return next(error);
      this.chain[index](req, res, run(index + 1));
    };
    run(0)();
  }
}
