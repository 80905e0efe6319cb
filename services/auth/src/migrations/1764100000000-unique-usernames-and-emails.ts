import { emailKey, usernameKey } from '@pixtract/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One account per username and per email address, compared by their keys (`usernameKey`: NFKC, case-folded,
 * invisible characters dropped; `emailKey`: lower case). Accounts made before this rule may collide: the oldest
 * (lowest id) keeps the key; each later one keeps its row, its name and its password with a NULL key, which a
 * unique index does not compare. Such an account still signs in by its exact name as stored; its name can no longer
 * be registered again, and its email no longer names it at sign-in. Nothing is deleted or renamed.
 */
export class UniqueUsernamesAndEmails1764100000000 implements MigrationInterface {
  name = 'UniqueUsernamesAndEmails1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "usernameKey" text, ADD "emailKey" text`);
    const users = (await queryRunner.query(`SELECT "id", "username", "email" FROM "users" ORDER BY "id"`)) as Array<{
      id: number;
      username: string;
      email: string | null;
    }>;
    const taken = { username: new Set<string>(), email: new Set<string>() };
    const keep = (kind: keyof typeof taken, key: string | null): string | null => {
      if (key === null || key === '' || taken[kind].has(key)) return null;
      taken[kind].add(key);
      return key;
    };
    const keys = users.map((user) => ({
      id: user.id,
      username: keep('username', usernameKey(user.username)),
      email: keep('email', user.email === null ? null : emailKey(user.email)),
    }));
    // Keys are computed here (the rule is JavaScript's NFKC and case folding) and written in one statement.
    await queryRunner.query(
      `UPDATE "users" SET "usernameKey" = keys."usernameKey", "emailKey" = keys."emailKey"
         FROM unnest($1::int[], $2::text[], $3::text[]) AS keys("id", "usernameKey", "emailKey") WHERE "users"."id" = keys."id"`,
      [keys.map((key) => key.id), keys.map((key) => key.username), keys.map((key) => key.email)],
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_usernameKey" ON "users" ("usernameKey")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_emailKey" ON "users" ("emailKey")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_users_emailKey"`);
    await queryRunner.query(`DROP INDEX "UQ_users_usernameKey"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "emailKey", DROP COLUMN "usernameKey"`);
  }
}
