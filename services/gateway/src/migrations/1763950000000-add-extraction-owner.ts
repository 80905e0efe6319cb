import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddExtractionOwner1763950000000 implements MigrationInterface {
  name = 'AddExtractionOwner1763950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Who asked, as auth named them when the extraction started: the quota subject it is charged to,
    // and the user id for the member dashboard. Rows from before owners were recorded get a placeholder.
    await queryRunner.query(
      `ALTER TABLE "extractions" ADD "ownerSubject" text NOT NULL DEFAULT 'ip:unknown', ADD "ownerUserId" integer`,
    );
    await queryRunner.query(`ALTER TABLE "extractions" ALTER COLUMN "ownerSubject" DROP DEFAULT`);
    await queryRunner.query(
      `CREATE INDEX "IDX_extractions_owner_user_created" ON "extractions" ("ownerUserId", "createdAt" DESC) WHERE "ownerUserId" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_extractions_owner_user_created"`);
    await queryRunner.query(`ALTER TABLE "extractions" DROP COLUMN "ownerUserId", DROP COLUMN "ownerSubject"`);
  }
}
