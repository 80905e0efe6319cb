import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddCommentByAdministrator1764310000000 implements MigrationInterface {
  name = 'AddCommentByAdministrator1764310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Set from auth's role when the comment is posted, never from what the request says: the "Administrator" badge.
    await queryRunner.query(`ALTER TABLE "comments" ADD COLUMN "byAdministrator" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "comments" DROP COLUMN "byAdministrator"`);
  }
}
