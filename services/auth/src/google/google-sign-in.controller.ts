import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ErrorCode } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { AccountService } from '../account/account.service';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { SessionUser } from '../session/session-user';
import { GoogleSignInService, SIGN_IN_WINDOW_S } from './google-sign-in.service';

/** Binds a pending sign-in to the browser that started it: a foreign state is refused. */
const STATE_COOKIE = 'pixtract.oidc';
const COOKIE_PATH = '/api/auth/google';

@Controller('api/auth/google')
export class GoogleSignInController {
  constructor(
    private readonly google: GoogleSignInService,
    private readonly accounts: AccountService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  @Get()
  async start(@Res() res: Response): Promise<void> {
    this.assertEnabled();
    const { authorizationUrl, state } = await this.google.start();
    res.cookie(STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure: this.config.NODE_ENV === 'production', maxAge: SIGN_IN_WINDOW_S * 1000, path: COOKIE_PATH });
    res.redirect(302, authorizationUrl);
  }

  /** Signs the browser in (fresh session id, visitor usage carried over) and sends it home. */
  @Get('callback')
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.assertEnabled();
    res.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    const user = await this.google.finish(req.originalUrl, req.cookies?.[STATE_COOKIE], (req.user as SessionUser | undefined)?.id ?? null);
    await this.accounts.signIn(req, user);
    res.redirect(302, '/');
  }

  private assertEnabled(): void {
    if (!this.google.enabled) throw new AppException(ErrorCode.NotFound, 404);
  }
}
