import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** OWASP Password Storage Cheat Sheet: Argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordService {
  /** Verified against when the user does not exist, so unknown and known names take the same time. */
  private readonly decoy = argon2.hash('decoy password never matched', ARGON2_OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    const matches = await argon2.verify(hash ?? (await this.decoy), password);
    return hash !== null && matches;
  }
}
