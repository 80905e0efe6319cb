import { HttpException, Inject, Injectable } from '@nestjs/common';
import { AuthErrorCode, authErrorBody } from '@pixtract/contracts';
import { REDIS } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { BaseClient, Issuer, generators } from 'openid-client';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { UserEntity } from '../user/user.entity';
import { UsersService } from '../user/users.service';

/** How long a browser has to come back from the provider. */
export const SIGN_IN_WINDOW_S = 600;
const STATE_KEY = 'pixtract:oidc-state:';

interface SignInStart {
  authorizationUrl: string;
  state: string;
}

interface PendingSignIn {
  codeVerifier: string;
  nonce: string;
}

/**
 * Google sign-in as an OpenID Connect relying party (authorization code + PKCE + state + nonce).
 * The issuer is configurable (GOOGLE_ISSUER), so tests run this very code against a local provider.
 * Each pending sign-in lives in Redis under its state and is taken exactly once (GETDEL): a
 * replayed or unknown state finds nothing.
 */
@Injectable()
export class GoogleSignInService {
  private client?: Promise<BaseClient>;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly users: UsersService,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID);
  }

  /** Sign-in goes to a test provider (npm start's simulator), not to Google. */
  get testSignIn(): boolean {
    return this.enabled && this.config.GOOGLE_TEST_SIGN_IN;
  }

  private get redirectUri(): string {
    return new URL('/api/auth/google/callback', this.config.PUBLIC_URL).toString();
  }

  async start(): Promise<SignInStart> {
    const client = await this.oidcClient();
    const state = generators.state();
    const pending: PendingSignIn = { codeVerifier: generators.codeVerifier(), nonce: generators.nonce() };
    await this.redis.set(STATE_KEY + state, JSON.stringify(pending), 'EX', SIGN_IN_WINDOW_S);
    const authorizationUrl = client.authorizationUrl({
      scope: 'openid email profile',
      state,
      nonce: pending.nonce,
      code_challenge: generators.codeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl, state };
  }

  /**
   * The provider's answer: `state` must be the one this browser was given (its cookie) and still
   * pending; the code is redeemed with the PKCE verifier and the ID token's nonce checked.
   */
  async finish(
    callbackUrl: string,
    browserState: string | undefined,
    signedInUserId: number | null,
  ): Promise<UserEntity> {
    const client = await this.oidcClient();
    const params = client.callbackParams(callbackUrl);
    if (!params.state || params.state !== browserState) throw refused();
    const stored = await this.redis.getdel(STATE_KEY + params.state);
    if (!stored) throw refused();
    const pending = JSON.parse(stored) as PendingSignIn;
    try {
      const tokens = await client.callback(this.redirectUri, params, {
        state: params.state,
        nonce: pending.nonce,
        code_verifier: pending.codeVerifier,
      });
      const claims = tokens.claims();
      const profile = claims.email ? claims : { ...claims, ...(await client.userinfo(tokens)) };
      if (typeof profile.email !== 'string' || profile.email_verified !== true) throw refused();
      const identity = {
        subject: claims.sub,
        email: profile.email,
        displayName: typeof profile.name === 'string' ? profile.name : null,
      };
      return await this.users.signInWithGoogle(identity, signedInUserId);
    } catch (error) {
      throw error instanceof HttpException ? error : refused(error);
    }
  }

  private oidcClient(): Promise<BaseClient> {
    this.client ??= Issuer.discover(this.config.GOOGLE_ISSUER).then(
      (issuer) =>
        new issuer.Client({
          client_id: this.config.GOOGLE_CLIENT_ID!,
          client_secret: this.config.GOOGLE_CLIENT_SECRET,
          redirect_uris: [this.redirectUri],
          response_types: ['code'],
        }),
    );
    // A failed discovery is retried on the next sign-in rather than cached.
    this.client.catch(() => (this.client = undefined));
    return this.client;
  }
}

function refused(cause?: unknown): HttpException {
  return new HttpException(authErrorBody(AuthErrorCode.GoogleSignInFailed, 403), 403, { cause });
}
