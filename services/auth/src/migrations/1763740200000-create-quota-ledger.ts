import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateQuotaLedger1763740200000 implements MigrationInterface {
  name = 'CreateQuotaLedger1763740200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Images charged per subject (user:<id>, visitor:<id>, ip:<address>) and UTC day: a new day is a new row.
    await queryRunner.query(`
      CREATE TABLE "quota_usage" (
        "subject" text NOT NULL,
        "day" date NOT NULL,
        "used" integer NOT NULL CHECK ("used" >= 0),
        "lastGranted" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("subject", "day")
      )`);
    // One row per finalised extraction: the extraction id is the idempotency key of a reservation.
    await queryRunner.query(`
      CREATE TABLE "usage_events" (
        "extractionId" uuid PRIMARY KEY,
        "subject" text NOT NULL,
        "userId" integer REFERENCES "users"("id") ON DELETE SET NULL,
        "day" date NOT NULL,
        "found" integer NOT NULL,
        "granted" integer NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_usage_events_subject_day" ON "usage_events" ("subject", "day")`);
    await queryRunner.query(`ALTER TABLE "users" ADD "googleSubject" text UNIQUE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "googleSubject"`);
    await queryRunner.query(`DROP TABLE "usage_events"`);
    await queryRunner.query(`DROP TABLE "quota_usage"`);
  }
}
