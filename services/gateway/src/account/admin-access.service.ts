import { HttpException, Injectable } from '@nestjs/common';
import { AuthErrorCode, authErrorBody } from '@pixtract/contracts';
import type { Request } from 'express';
import { AuthClient } from './auth.client';

/**
 * Who may use an administrator's screen or route: signed in (else 401) as an account auth names admin, which is
 * what ADMIN_USERNAMES makes it (else 403). Asked of auth on every request, so a name taken off the list loses the
 * role at once.
 */
@Injectable()
export class AdminAccess {
  constructor(private readonly auth: AuthClient) {}

  /** Resolves with the administrator's user id; rejects with the 401 or 403 to answer. */
  async require(req: Request): Promise<number> {
    const { caller } = await this.auth.identify(req);
    if (caller.userId === null) throw new HttpException(authErrorBody(AuthErrorCode.AuthenticationRequired, 401), 401);
    if (caller.limits.role !== 'admin') throw new HttpException(authErrorBody(AuthErrorCode.AdminOnly, 403), 403);
    return caller.userId;
  }
}
