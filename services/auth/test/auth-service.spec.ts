import { loadConfig } from '@pixtract/service-kit';
import { DataSource } from 'typeorm';
import { authConfigSchema, loadAuthConfig } from '../src/auth.config';
import { AuthHarness, startAuth } from './auth-harness';

describe('auth service skeleton (real Postgres and Redis)', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await startAuth('auth_boot');
  });
  afterAll(() => auth.close());

  it('is ready when its Postgres and Redis answer', async () => {
    const res = await fetch(`${auth.base}/ready`);
    expect(await res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('migrated the users table with the seed defaults and a unique username', async () => {
    const db = auth.app.get(DataSource);
    const [user] = await db.query(`INSERT INTO users (username, password) VALUES ('ada', 'hash') RETURNING *`);
    expect(user).toMatchObject({
      role: 'free',
      dailyLimit: 500,
      usedToday: 0,
      currentUsage: 0,
      membershipPlan: 'free',
      membershipStatus: 'active',
      maxImagesPerExtraction: 25,
      featureTier: 'free',
    });
    await expect(db.query(`INSERT INTO users (username) VALUES ('ada')`)).rejects.toThrow(/unique/);
    await expect(db.query(`INSERT INTO users (username, role) VALUES ('bob', 'owner')`)).rejects.toThrow(/check/);
  });

  it('refuses to start in production with the development cookie secrets', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: must be set in production[\s\S]*VISITOR_SECRET: must be set in production/,
    );
    expect(() =>
      loadAuthConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(32),
        VISITOR_SECRET: 'v'.repeat(32),
        INTERNAL_TOKEN: 't'.repeat(32),
      }),
    ).not.toThrow();
  });

  it('refuses to start on a bad configuration, naming the variable', () => {
    expect(() => loadConfig('auth', authConfigSchema, { DATABASE_URL: 'mysql://x/y' })).toThrow(
      /DATABASE_URL: expected a postgres: or postgresql:\/\/ URL/,
    );
  });
});
