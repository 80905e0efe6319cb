import { HttpException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AuthErrorCode,
  RegisterRequest,
  authErrorBody,
  emailKey,
  impersonatesStaff,
  registerRequestSchema,
  usernameKey,
} from '@pixtract/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation, violatedConstraint } from '../postgres-errors';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { PasswordService } from './password.service';
import { UserEntity } from './user.entity';

/** The unique index a taken email address violates (the migration that made keys unique names it). */
const EMAIL_KEY_INDEX = 'UQ_users_emailKey';

@Injectable()
export class UsersService {
  /** ADMIN_USERNAMES by key: only the account that holds a listed name's key is that administrator. */
  private readonly adminKeys: Set<string>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly passwords: PasswordService,
  ) {
    this.adminKeys = new Set(config.ADMIN_USERNAMES.map(usernameKey));
  }

  /**
   * 400 for a display name that reads as a reserved word or an administrator's username (NFKC, case-folded,
   * confusables folded: nameSkeleton), and for such a username unless it is an administrator's own, listed one.
   */
  private refuseImpersonation({ username, displayName }: RegisterRequest): void {
    const admins = this.config.ADMIN_USERNAMES;
    const reserved =
      (displayName !== undefined && impersonatesStaff(displayName, admins)) ||
      (!this.adminKeys.has(usernameKey(username)) && impersonatesStaff(username, admins));
    if (reserved) throw new HttpException(authErrorBody(AuthErrorCode.NameReserved, 400), 400);
  }

  /**
   * A Google name is shown only as a display name that registration would take: normalised, nothing hidden (bidi
   * overrides, zero-width or blank characters), at most 100 characters, not reading as Pixtract's team. Otherwise
   * the account goes by its username.
   */
  private shownGoogleName(name: string | null): string | null {
    const shown = registerRequestSchema.shape.displayName.safeParse(name ?? undefined).data;
    return shown && !impersonatesStaff(shown, this.config.ADMIN_USERNAMES) ? shown : null;
  }

  private get users() {
    return this.dataSource.getRepository(UserEntity);
  }

  async findById(id: number): Promise<UserEntity | null> {
    return this.withAdminRole(await this.users.findOneBy({ id }));
  }

  /** A new registered account: 409 when its username or its email address (by their keys) has one already. */
  async register(request: RegisterRequest): Promise<UserEntity> {
    this.refuseImpersonation(request);
    try {
      return await this.createMember({
        username: request.username,
        password: await this.passwords.hash(request.password),
        email: request.email ?? null,
        displayName: request.displayName || null,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const code =
        violatedConstraint(error) === EMAIL_KEY_INDEX ? AuthErrorCode.EmailTaken : AuthErrorCode.UsernameTaken;
      throw new HttpException(authErrorBody(code, 409), 409);
    }
  }

  /**
   * The user when the name and password match; the same work is done for an unknown name. The name is the
   * username as stored (an older account whose name collided is reachable only so), else a username by its key,
   * else an email address by its key.
   */
  async verifyPassword(name: string, password: string): Promise<UserEntity | null> {
    const exact = name.trim();
    const user = await this.users
      .createQueryBuilder('user')
      .where('user.username = :exact OR user.usernameKey = :nameKey OR user.emailKey = :emailKey', {
        exact,
        nameKey: usernameKey(name),
        emailKey: emailKey(name),
      })
      .orderBy('user.username = :exact', 'DESC')
      .addOrderBy('user.usernameKey = :nameKey', 'DESC', 'NULLS LAST')
      .getOne();
    return (await this.passwords.verify(user?.password ?? null, password)) ? this.withAdminRole(user) : null;
  }

  /**
   * Google sign-in by verified email. A signed-in user links Google to their account. Otherwise:
   * the account already linked to this Google subject; else an account of that email that has no
   * password (so nobody could have set it up in advance to capture the Google identity); else a
   * new registered account named by the email. An email on a password account is never linked
   * without its password: registration emails are not verified, and that would be a takeover.
   */
  async signInWithGoogle(
    identity: { subject: string; email: string; displayName: string | null },
    signedInUserId: number | null,
  ): Promise<UserEntity> {
    if (signedInUserId !== null) {
      await this.users.update({ id: signedInUserId }, { googleSubject: identity.subject });
      return (await this.findById(signedInUserId))!;
    }
    const linked = await this.users.findOneBy({ googleSubject: identity.subject });
    if (linked) return this.withAdminRole(linked);
    const byEmail = await this.users
      .createQueryBuilder('user')
      .where('user.emailKey = :emailKey OR user.usernameKey = :nameKey', {
        emailKey: emailKey(identity.email),
        nameKey: usernameKey(identity.email),
      })
      .orderBy('user.id')
      .getOne();
    if (byEmail?.password) throw new HttpException(authErrorBody(AuthErrorCode.GoogleSignInFailed, 409), 409);
    if (byEmail) {
      await this.users.update({ id: byEmail.id }, { googleSubject: identity.subject });
      return this.withAdminRole({ ...byEmail, googleSubject: identity.subject });
    }
    try {
      return await this.createMember({
        username: identity.email,
        password: null,
        email: identity.email,
        displayName: this.shownGoogleName(identity.displayName),
        googleSubject: identity.subject,
      });
    } catch (error) {
      // Another sign-in of the same identity, or an account registered meanwhile, took the name or the address.
      if (isUniqueViolation(error)) throw new HttpException(authErrorBody(AuthErrorCode.GoogleSignInFailed, 409), 409);
      throw error;
    }
  }

  /**
   * Administrators are named by the operators (ADMIN_USERNAMES), not stored: the role is laid over the stored one
   * wherever a user is read, so removing a name from the list takes the role away at the next request, and billing's
   * plan changes (which write the stored role) never demote an administrator.
   */
  private withAdminRole<T extends UserEntity | null>(user: T): T {
    if (user === null || user.usernameKey === null || !this.adminKeys.has(user.usernameKey)) return user;
    return Object.assign(Object.create(Object.getPrototypeOf(user) as object) as object, user, {
      role: 'admin' as const,
    });
  }

  /** A registered member with its unique keys; the plan's numbers are copied into the seed's per-user fields. */
  private async createMember(
    fields: Pick<UserEntity, 'username' | 'password' | 'email' | 'displayName'> & Partial<UserEntity>,
  ): Promise<UserEntity> {
    const quota = this.config.planQuotas.registered;
    const saved = await this.users.save(
      this.users.create({
        role: 'registered',
        membershipPlan: 'registered',
        featureTier: 'registered',
        dailyLimit: quota.daily,
        maxImagesPerExtraction: quota.perExtraction,
        ...fields,
        usernameKey: usernameKey(fields.username),
        emailKey: fields.email === null ? null : emailKey(fields.email),
      }),
    );
    return this.withAdminRole(saved);
  }
}
