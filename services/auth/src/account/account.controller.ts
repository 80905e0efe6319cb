import { Body, Controller, Get, HttpCode, HttpException, Post, Req, Res } from '@nestjs/common';
import {
  AuthErrorCode,
  AuthStatus,
  AuthUser,
  LoggedOut,
  authErrorBody,
  loginRequestSchema,
  registerRequestSchema,
} from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { GoogleSignInService } from '../google/google-sign-in.service';
import { SESSION_COOKIE, SessionUser } from '../session/session-user';
import { UsersService } from '../user/users.service';
import { AccountService } from './account.service';

@Controller('api/auth')
export class AccountController {
  constructor(
    private readonly users: UsersService,
    private readonly accounts: AccountService,
    private readonly google: GoogleSignInService,
  ) {}

  @Get('status')
  async status(@Req() req: Request): Promise<AuthStatus> {
    const id = (req.user as SessionUser | undefined)?.id;
    const user = id === undefined ? null : await this.users.findById(id);
    const { enabled: googleSignIn, testSignIn: googleTestSignIn } = this.google;
    return user
      ? { isAuthenticated: true, user: await this.accounts.present(user), googleSignIn, googleTestSignIn }
      : { isAuthenticated: false, user: null, googleSignIn, googleTestSignIn };
  }

  /** Creates the account; signing in is a separate step (the seed's client switches to its login form). */
  @Post('register')
  @HttpCode(201)
  async register(@Body() body: unknown): Promise<AuthUser> {
    const user = await this.users.register(parseWith(registerRequestSchema, body));
    return this.accounts.present(user);
  }

  /** `username` may be the account's username or its email address. */
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() req: Request): Promise<AuthUser> {
    const { username, password } = parseWith(loginRequestSchema, body);
    const user = await this.users.verifyPassword(username, password);
    if (!user) throw new HttpException(authErrorBody(AuthErrorCode.InvalidCredentials, 401), 401);
    await this.accounts.signIn(req, user);
    return this.accounts.present(user);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoggedOut> {
    if (req.session) {
      await new Promise<void>((resolve, reject) => req.logout((error) => (error ? reject(error) : resolve())));
      await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    }
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  }
}
