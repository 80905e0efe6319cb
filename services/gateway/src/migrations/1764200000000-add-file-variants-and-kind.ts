import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddFileVariantsAndKind1764200000000 implements MigrationInterface {
  name = 'AddFileVariantsAndKind1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A stored result keeps every rendition of a picture and whether it is a photo, a graphic or an icon; older rows
    // have neither (null), and read back as before.
    await queryRunner.query(`ALTER TABLE "extracted_files" ADD "variants" jsonb, ADD "kind" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "extracted_files" DROP COLUMN "kind", DROP COLUMN "variants"`);
  }
}
