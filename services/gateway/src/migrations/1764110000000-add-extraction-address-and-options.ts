import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddExtractionAddressAndOptions1764110000000 implements MigrationInterface {
  name = 'AddExtractionAddressAndOptions1764110000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The address a visitor's extraction is charged to with them (null for users and older rows), and the options
    // asked for, so that a repeat of the same page and options within minutes is answered with this one.
    await queryRunner.query(
      `ALTER TABLE "extractions" ADD "addressSubject" text, ADD "options" jsonb NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_extractions_owner_created" ON "extractions" ("ownerSubject", "createdAt")`,
    );
    // imageCount counted duplicates too; it is the distinct images shown (what the quota was charged).
    await queryRunner.query(
      `UPDATE "extractions" e SET "imageCount" = (SELECT count(*) FROM "extracted_files" f WHERE f."extractionId" = e."id" AND NOT f."duplicate")
        WHERE e."status" = 'completed'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_extractions_owner_created"`);
    await queryRunner.query(`ALTER TABLE "extractions" DROP COLUMN "options", DROP COLUMN "addressSubject"`);
  }
}
