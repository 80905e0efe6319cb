import { HttpException, Inject, Injectable } from '@nestjs/common';
import {
  AUTH_INTERNAL_PATHS,
  AuthErrorCode,
  AuthStatus,
  Caller,
  QuotaReservation,
  QuotaReservationRequest,
  authErrorBody,
  authStatusSchema,
  callerSchema,
  quotaReservationSchema,
} from '@pixtract/contracts';
import { internalHeaders } from '@pixtract/service-kit';
import type { Request } from 'express';
import { z } from 'zod';
import { clientAddress } from '../edge/client-address';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';

const AUTH_TIMEOUT_MS = 5000;

interface IdentifiedCaller {
  caller: Caller;
  /** Cookies auth wants the browser to keep (a first-time visitor's signed visitor cookie). */
  setCookies: string[];
}

/** The gateway's only way to the auth service: internal HTTP, bodies checked against contracts both ways. */
@Injectable()
export class AuthClient {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Who sent this request: the browser's cookies go along, and the client address the gateway trusts. */
  identify(req: Request): Promise<IdentifiedCaller> {
    return this.identifyBy(req.headers.cookie, clientAddress(req));
  }

  /** Who holds these cookies (a socket's handshake has no express request). */
  async identifyBy(cookie: string | undefined, address: string): Promise<IdentifiedCaller> {
    const res = await this.call('POST', AUTH_INTERNAL_PATHS.callers, undefined, {
      ...(cookie ? { cookie } : {}),
      'x-forwarded-for': address,
    });
    return { caller: await parsed(res, callerSchema), setCookies: res.headers.getSetCookie() };
  }

  /** The signed-in account behind the request's cookies (its name and role), as the browser's own status call sees it. */
  async status(req: Request): Promise<AuthStatus> {
    const res = await this.call(
      'GET',
      '/api/auth/status',
      undefined,
      req.headers.cookie ? { cookie: req.headers.cookie } : {},
    );
    return parsed(res, authStatusSchema);
  }

  async reserve(request: QuotaReservationRequest): Promise<QuotaReservation> {
    return parsed(await this.call('POST', AUTH_INTERNAL_PATHS.reservations, request), quotaReservationSchema);
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    try {
      return await fetch(new URL(path, this.config.AUTH_URL), {
        method,
        headers: {
          ...headers,
          ...internalHeaders(this.config.INTERNAL_TOKEN),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable(error);
    }
  }
}

async function parsed<S extends z.ZodType>(res: Response, schema: S): Promise<z.infer<S>> {
  const body: unknown = await res.json().catch(() => undefined);
  const result = schema.safeParse(body);
  if (!res.ok || !result.success) throw unavailable(new Error(`auth answered ${res.status} outside the contract`));
  return result.data;
}

function unavailable(cause: unknown): HttpException {
  return new HttpException(authErrorBody(AuthErrorCode.AuthUnavailable, 503), 503, { cause });
}
