import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddAccountRevision1764120000000 implements MigrationInterface {
  name = 'AddAccountRevision1764120000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The revision of billing's account state last applied to the user: an older or repeated one changes nothing.
    await queryRunner.query(`ALTER TABLE "users" ADD "accountRevision" integer NOT NULL DEFAULT 0`);
    // Billing's account events applied, once each under their id.
    await queryRunner.query(`
      CREATE TABLE "account_events" (
        "eventId" uuid PRIMARY KEY,
        "userId" integer NOT NULL,
        "revision" integer NOT NULL,
        "appliedAt" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "account_events"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "accountRevision"`);
  }
}
