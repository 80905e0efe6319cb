import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddExtractionNoticeCodes1764000000000 implements MigrationInterface {
  name = 'AddExtractionNoticeCodes1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The codes of the error and the warnings beside their English, so the web can word them in the visitor's
    // language. Nullable: rows stored before them keep their English only.
    await queryRunner.query(`ALTER TABLE "extractions" ADD "errorCode" text, ADD "warningDetails" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "extractions" DROP COLUMN "warningDetails", DROP COLUMN "errorCode"`);
  }
}
