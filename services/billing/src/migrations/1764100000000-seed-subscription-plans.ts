import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live plans (docs/decisions/billing.md): Hobby, Startup and Enterprise, monthly and annual. An annual plan
 * costs twelve months less 20 %, rounded down to the cent; Hobby monthly is the seed's Premium ($9.99, 3,000 a day).
 */
const PLANS: Array<
  [
    planId: string,
    name: string,
    tier: string,
    interval: string,
    price: number,
    daily: number,
    perExtraction: number,
    popular: boolean,
    features: string[],
    description: string,
  ]
> = [
  [
    'hobby-monthly',
    'Hobby',
    'hobby',
    'month',
    999,
    3_000,
    500,
    true,
    ['daily-images', 'per-extraction', 'bulk-zip', 'priority-support'],
    'For creators who collect images every day.',
  ],
  [
    'hobby-annual',
    'Hobby',
    'hobby',
    'year',
    9_590,
    3_000,
    500,
    true,
    ['daily-images', 'per-extraction', 'bulk-zip', 'priority-support'],
    'For creators who collect images every day.',
  ],
  [
    'startup-monthly',
    'Startup',
    'startup',
    'month',
    2_999,
    10_000,
    2_000,
    false,
    ['daily-images', 'per-extraction', 'bulk-zip', 'priority-support'],
    'For small teams that gather images at scale.',
  ],
  [
    'startup-annual',
    'Startup',
    'startup',
    'year',
    28_790,
    10_000,
    2_000,
    false,
    ['daily-images', 'per-extraction', 'bulk-zip', 'priority-support'],
    'For small teams that gather images at scale.',
  ],
  [
    'enterprise-monthly',
    'Enterprise',
    'enterprise',
    'month',
    9_999,
    30_000,
    10_000,
    false,
    ['daily-images', 'per-extraction', 'bulk-zip', 'dedicated-support'],
    'For businesses whose work runs on images.',
  ],
  [
    'enterprise-annual',
    'Enterprise',
    'enterprise',
    'year',
    95_990,
    30_000,
    10_000,
    false,
    ['daily-images', 'per-extraction', 'bulk-zip', 'dedicated-support'],
    'For businesses whose work runs on images.',
  ],
];

export class SeedSubscriptionPlans1764100000000 implements MigrationInterface {
  name = 'SeedSubscriptionPlans1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "subscription_plans" ADD "tier" text NOT NULL DEFAULT 'hobby' CHECK ("tier" IN ('hobby', 'startup', 'enterprise'))`,
    );
    await queryRunner.query(`ALTER TABLE "subscription_plans" ADD "isPopular" boolean NOT NULL DEFAULT false`);
    // The billing plan PayPal knows this plan by, created at start-up when missing.
    await queryRunner.query(`ALTER TABLE "subscription_plans" ADD "paypalPlanId" text UNIQUE`);
    for (const [planId, name, tier, interval, price, daily, perExtraction, popular, features, description] of PLANS) {
      await queryRunner.query(
        `INSERT INTO "subscription_plans" ("planId", "name", "tier", "interval", "price", "dailyLimit", "maxImagesPerExtraction", "isPopular", "features", "description")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT ("planId") DO NOTHING`,
        [planId, name, tier, interval, price, daily, perExtraction, popular, JSON.stringify(features), description],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "subscription_plans" WHERE "planId" = ANY($1)`, [
      PLANS.map(([planId]) => planId),
    ]);
    await queryRunner.query(
      `ALTER TABLE "subscription_plans" DROP COLUMN "paypalPlanId", DROP COLUMN "isPopular", DROP COLUMN "tier"`,
    );
  }
}
