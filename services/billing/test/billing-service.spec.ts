import type { INestApplication } from '@nestjs/common';
import { createService, loadConfig } from '@pixtract/service-kit';
import { baseUrlOf, createTestDatabase, TestDatabase } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { billingConfigSchema } from '../src/billing.config';

describe('billing service skeleton (real Postgres)', () => {
  let database: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase('billing_boot');
    const config = loadConfig('billing', billingConfigSchema, { DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    app = await createService({ name: 'billing', module: AppModule.forRoot(config), port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('is ready when its Postgres answers', async () => {
    const res = await fetch(`${baseUrlOf(app.getHttpServer())}/ready`);
    expect(await res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok' } });
  });

  it('migrated subscription_plans with the seed defaults (USD, monthly, 500/day, 25 per extraction)', async () => {
    const db = app.get(DataSource);
    const [plan] = await db.query(`INSERT INTO subscription_plans ("planId", name, price) VALUES ('premium-monthly', 'Premium', 999) RETURNING *`);
    expect(plan).toMatchObject({ currency: 'USD', interval: 'month', dailyLimit: 500, maxImagesPerExtraction: 25, isActive: true, features: [] });
    await expect(db.query(`INSERT INTO subscription_plans ("planId", name, price) VALUES ('bad', 'Bad', -1)`)).rejects.toThrow(/check/);
  });
});
