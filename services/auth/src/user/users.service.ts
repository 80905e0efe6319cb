import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuthErrorCode, RegisterRequest, authErrorBody } from '@pixtract/contracts';
import { HttpException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../postgres-errors';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { PasswordService } from './password.service';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly passwords: PasswordService,
  ) {}

  private get users() {
    return this.dataSource.getRepository(UserEntity);
  }

  async findById(id: number): Promise<UserEntity | null> {
    return this.withAdminRole(await this.users.findOneBy({ id }));
  }

  /** A new registered account. */
  async register(request: RegisterRequest): Promise<UserEntity> {
    try {
      return await this.createMember({
        username: request.username,
        password: await this.passwords.hash(request.password),
        email: request.email ?? null,
        displayName: request.displayName || null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpException(authErrorBody(AuthErrorCode.UsernameTaken, 409), 409);
      throw error;
    }
  }

  /** The user when name and password match; the same work is done for an unknown name. */
  async verifyPassword(username: string, password: string): Promise<UserEntity | null> {
    const user = await this.users.findOneBy({ username: username.trim() });
    return (await this.passwords.verify(user?.password ?? null, password)) ? this.withAdminRole(user) : null;
  }

  /**
   * Google sign-in by verified email. A signed-in user links Google to their account. Otherwise:
   * the account already linked to this Google subject; else an account of that email that has no
   * password (so nobody could have set it up in advance to capture the Google identity); else a
   * new registered account named by the email. An email on a password account is never linked
   * without its password: registration emails are not verified, and that would be a takeover.
   */
  async signInWithGoogle(identity: { subject: string; email: string; displayName: string | null }, signedInUserId: number | null): Promise<UserEntity> {
    if (signedInUserId !== null) {
      await this.users.update({ id: signedInUserId }, { googleSubject: identity.subject });
      return (await this.findById(signedInUserId))!;
    }
    const linked = await this.users.findOneBy({ googleSubject: identity.subject });
    if (linked) return this.withAdminRole(linked);
    const byEmail = await this.users
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email) OR lower(user.username) = lower(:email)', { email: identity.email })
      .orderBy('user.id')
      .getOne();
    if (byEmail?.password) throw new HttpException(authErrorBody(AuthErrorCode.GoogleSignInFailed, 409), 409);
    if (byEmail) {
      await this.users.update({ id: byEmail.id }, { googleSubject: identity.subject });
      return this.withAdminRole({ ...byEmail, googleSubject: identity.subject });
    }
    return this.createMember({ username: identity.email, password: null, email: identity.email, displayName: identity.displayName, googleSubject: identity.subject });
  }

  /**
   * Administrators are named by the operators (ADMIN_USERNAMES), not stored: the role is laid over the stored one
   * wherever a user is read, so removing a name from the list takes the role away at the next request, and billing's
   * plan changes (which write the stored role) never demote an administrator.
   */
  private withAdminRole<T extends UserEntity | null>(user: T): T {
    if (user === null || !this.config.ADMIN_USERNAMES.includes(user.username.toLowerCase())) return user;
    return Object.assign(Object.create(Object.getPrototypeOf(user)), user, { role: 'admin' as const });
  }

  /** A registered member; the plan's numbers are copied into the seed's per-user fields. */
  private async createMember(fields: Pick<UserEntity, 'username' | 'password' | 'email' | 'displayName'> & Partial<UserEntity>): Promise<UserEntity> {
    const quota = this.config.planQuotas.registered;
    const saved = await this.users.save(
      this.users.create({
        role: 'registered',
        membershipPlan: 'registered',
        featureTier: 'registered',
        dailyLimit: quota.daily,
        maxImagesPerExtraction: quota.perExtraction,
        ...fields,
      }),
    );
    return this.withAdminRole(saved);
  }
}
