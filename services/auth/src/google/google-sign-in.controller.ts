import { Controller, Get, HttpException, Inject, Req, Res } from '@nestjs/common';
import { AuthErrorCode, AUTH_ERROR_MESSAGES } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { AccountService } from '../account/account.service';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { SessionUser } from '../session/session-user';
import { GoogleSignInService, SIGN_IN_WINDOW_S } from './google-sign-in.service';

/** Binds a pending sign-in to the browser that started it: a foreign state is refused. */
const STATE_COOKIE = 'pixtract.oidc';
const COOKIE_PATH = '/api/auth/google';

/**
 * Both routes are pages a browser navigates to, not API calls: every outcome is a redirect. A failure (or Google
 * not configured here) leads back to the sign-in page with the refusal's code, which the page words in the
 * visitor's language; it never shows a JSON error body.
 */
@Controller('api/auth/google')
export class GoogleSignInController {
  constructor(
    private readonly google: GoogleSignInService,
    private readonly accounts: AccountService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(GoogleSignInController.name);
  }

  @Get()
  async start(@Res() res: Response): Promise<void> {
    if (!this.google.enabled) return backToSignIn(res, AuthErrorCode.GoogleSignInUnavailable);
    try {
      const { authorizationUrl, state } = await this.google.start();
      res.cookie(STATE_COOKIE, state, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.NODE_ENV === 'production',
        maxAge: SIGN_IN_WINDOW_S * 1000,
        path: COOKIE_PATH,
      });
      res.redirect(302, authorizationUrl);
    } catch (error) {
      this.failed(res, error);
    }
  }

  /** Signs the browser in (fresh session id, visitor usage carried over) and sends it home. */
  @Get('callback')
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.google.enabled) return backToSignIn(res, AuthErrorCode.GoogleSignInUnavailable);
    res.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
    try {
      const user = await this.google.finish(
        req.originalUrl,
        (req.cookies as Record<string, string> | undefined)?.[STATE_COOKIE],
        (req.user as SessionUser | undefined)?.id ?? null,
      );
      await this.accounts.signIn(req, user);
      res.redirect(302, '/');
    } catch (error) {
      this.failed(res, error);
    }
  }

  private failed(res: Response, error: unknown): void {
    const known = error instanceof HttpException && error.getStatus() < 500;
    if (!known) this.logger.error({ err: error }, 'Google sign-in failed');
    backToSignIn(res, AuthErrorCode.GoogleSignInFailed);
  }
}

function backToSignIn(res: Response, code: keyof typeof AUTH_ERROR_MESSAGES): void {
  res.redirect(302, `/auth?${new URLSearchParams({ error: code }).toString()}`);
}
