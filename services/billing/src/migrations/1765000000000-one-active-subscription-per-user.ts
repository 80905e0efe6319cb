import { MigrationInterface, QueryRunner } from 'typeorm';

export class OneActiveSubscriptionPerUser1765000000000 implements MigrationInterface {
  name = 'OneActiveSubscriptionPerUser1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A user who already holds two active subscriptions keeps the newest; the others are set aside as suspended,
    // which the periodic reconciliation reads from PayPal and cancels there (they are not the user's current one).
    await queryRunner.query(`
      UPDATE "user_subscriptions" SET "status" = 'suspended', "updatedAt" = now()
       WHERE "status" = 'active'
         AND "id" NOT IN (SELECT max("id") FROM "user_subscriptions" WHERE "status" = 'active' GROUP BY "userId")`);
    // The last word on "one paid subscription per account": whatever the order or timing of approvals, replicas
    // or webhooks, the database holds at most one active subscription per user.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_user_subscriptions_one_active" ON "user_subscriptions" ("userId") WHERE "status" = 'active'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_user_subscriptions_one_active"`);
  }
}
