import { ERROR_MESSAGES, ErrorCode, type ErrorBody } from '@pixtract/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The header every internal call carries: the secret the services share (INTERNAL_TOKEN). */
export const INTERNAL_TOKEN_HEADER = 'x-pixtract-internal-token';

/**
 * What only the gateway may state to a service behind it: who the signed-in caller is (billing), their plan
 * (zipper), and the client address it determined (auth counts and charges by it).
 */
export const STATED_HEADERS = ['x-pixtract-user-id', 'x-pixtract-plan', 'x-forwarded-for'] as const;

const INTERNAL_PATH = /^\/internal(\/|$)/i;

/**
 * INTERNAL_TOKEN: at least 32 characters. Unset outside production, a random one for this process: a service
 * started alone then refuses every internal call rather than believing them (`npm start` gives all one token);
 * production refuses to start without it (loadConfig).
 */
export const envInternalToken = z
  .string()
  .min(32, { error: 'expected at least 32 characters (e.g. openssl rand -hex 32)' })
  .default(() => randomBytes(32).toString('hex'));

/** The listening address: 127.0.0.1 for a service behind the gateway; containers set 0.0.0.0. */
export const envHost = (fallback: string) => z.string().min(1).default(fallback);

/** The header to send with every call to another service. */
export const internalHeaders = (token: string): Record<string, string> => ({ [INTERNAL_TOKEN_HEADER]: token });

/**
 * The guard of a service behind the gateway, before any body is read: a request to an /internal route, or one
 * that states a user, a plan or a client address, must carry the shared secret, else 401. Compared in constant
 * time. The service's public routes (auth's login, relayed by the gateway) answer as before.
 */
export function internalOnly(token: string): RequestHandler {
  const expected = Buffer.from(token);
  return (req: Request, res: Response, next: NextFunction) => {
    const needsToken = INTERNAL_PATH.test(req.path) || STATED_HEADERS.some((name) => req.headers[name] !== undefined);
    if (!needsToken || carries(req.headers[INTERNAL_TOKEN_HEADER], expected)) return next();
    const body: ErrorBody = {
      statusCode: 401,
      code: ErrorCode.InternalOnly,
      message: ERROR_MESSAGES[ErrorCode.InternalOnly],
    };
    res.status(401).json(body);
  };
}

function carries(sent: string | string[] | undefined, expected: Buffer): boolean {
  if (typeof sent !== 'string') return false;
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** How a service behind the gateway listens: its HOST, and the shared secret its guard asks for. */
export const behindGateway = (config: { HOST: string; INTERNAL_TOKEN: string }) => ({
  host: config.HOST,
  internalToken: config.INTERNAL_TOKEN,
});
