import type { INestApplication } from '@nestjs/common';
import { createService, loadConfig } from '@pixtract/service-kit';
import { baseUrlOf, createTestDatabase, TestDatabase } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { authConfigSchema, loadAuthConfig } from '../src/auth.config';

describe('auth service skeleton (real Postgres and Redis)', () => {
  let database: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase('auth_boot');
    const config = loadAuthConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    app = await createService({ name: 'auth', module: AppModule.forRoot(config), port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('is ready when its Postgres and Redis answer', async () => {
    const res = await fetch(`${baseUrlOf(app.getHttpServer())}/ready`);
    expect(await res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('migrated the users table with the seed defaults and a unique username', async () => {
    const db = app.get(DataSource);
    const [user] = await db.query(`INSERT INTO users (username, password) VALUES ('ada', 'hash') RETURNING *`);
    expect(user).toMatchObject({ role: 'free', dailyLimit: 500, usedToday: 0, currentUsage: 0, membershipPlan: 'free', membershipStatus: 'active', maxImagesPerExtraction: 25, featureTier: 'free' });
    await expect(db.query(`INSERT INTO users (username) VALUES ('ada')`)).rejects.toThrow(/unique/);
    await expect(db.query(`INSERT INTO users (username, role) VALUES ('bob', 'owner')`)).rejects.toThrow(/check/);
  });

  it('refuses to start in production with the development cookie secrets', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: must be set in production[\s\S]*VISITOR_SECRET: must be set in production/);
    expect(() => loadAuthConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), VISITOR_SECRET: 'v'.repeat(32) })).not.toThrow();
  });

  it('refuses to start on a bad configuration, naming the variable', () => {
    expect(() => loadConfig('auth', authConfigSchema, { DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL: expected a postgres: or postgresql:\/\/ URL/);
  });
});
