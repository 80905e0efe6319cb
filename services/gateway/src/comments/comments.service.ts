import { HttpException, Inject, Injectable } from '@nestjs/common';
import {
  AuthErrorCode,
  COMMENT_AUTHOR_MAX_LENGTH,
  ErrorCode,
  authErrorBody,
  commentErrorBody,
  normaliseExtractionUrl,
  parseCommentRequest,
  type AuthUser,
  type Caller,
  type Comment,
} from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { AuthClient } from '../account/auth.client';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { CommentsRepository } from './comments.repository';

/**
 * Comments on an extracted page. A member's comment is shown at once (verified when they extracted that page); a
 * visitor's waits for an administrator, shown meanwhile to its author only — known by the quota subject auth names
 * (their visitor cookie, else their address). Content is stored as typed: it is text, and every screen shows it as text.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly auth: AuthClient,
    private readonly comments: CommentsRepository,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async forPage(url: unknown, req: Request, res: Response): Promise<Comment[]> {
    if (typeof url !== 'string')
      throw new AppException(url === undefined ? ErrorCode.UrlRequired : ErrorCode.InvalidUrl, 400);
    const page = normaliseExtractionUrl(url);
    if (!page.ok) throw new AppException(page.code, 400);
    // Without auth the approved comments are still worth showing; only the caller's pending ones need it.
    const subject = await this.caller(req, res).then(
      (caller) => caller.subject,
      () => null,
    );
    return this.comments.forPage(page.url, subject);
  }

  async add(body: unknown, req: Request, res: Response): Promise<Comment> {
    const caller = await this.caller(req, res);
    const parsed = parseCommentRequest(body, {
      anonymous: caller.userId === null,
      adminUsernames: this.config.ADMIN_USERNAMES,
    });
    if (!parsed.ok) throw new HttpException(commentErrorBody(parsed.code, 400), 400);
    const { content, rating, sourceUrl, username } = parsed.comment;

    if (caller.userId === null) {
      return this.comments.insert({
        userId: null,
        username: username!,
        content,
        rating,
        sourceUrl,
        verified: false,
        approved: false,
        byAdministrator: false,
        authorSubject: caller.subject,
      });
    }
    const { user } = await this.auth.status(req);
    // Signed out between the two questions (the session ended): no account to name.
    if (!user) throw new HttpException(authErrorBody(AuthErrorCode.AuthenticationRequired, 401), 401);
    const verified = await this.comments.hasExtracted(user.id, sourceUrl);
    return this.comments.insert({
      userId: user.id,
      username: publicName(user),
      content,
      rating,
      sourceUrl,
      verified,
      approved: true,
      byAdministrator: caller.limits.role === 'admin',
      authorSubject: caller.subject,
    });
  }

  /** The caller as auth knows them; a first-time visitor gets their visitor cookie here (auth names them by it). */
  private async caller(req: Request, res: Response): Promise<Caller> {
    const { caller, setCookies } = await this.auth.identify(req);
    if (setCookies.length > 0) res.append('set-cookie', setCookies);
    return caller;
  }
}

/** A member is shown by their display name, else their username — never a whole email address used as one. */
function publicName(user: Pick<AuthUser, 'username' | 'displayName'>): string {
  const name = user.displayName?.trim() || user.username.split('@')[0] || user.username;
  return name.slice(0, COMMENT_AUTHOR_MAX_LENGTH);
}
