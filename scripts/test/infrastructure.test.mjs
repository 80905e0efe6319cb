import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ensureChromium } from '../lib/chromium.mjs';
import { ensureDatabases } from '../lib/databases.mjs';
import { freePort, probe } from '../lib/net.mjs';
import { ensurePostgres, isPostgres, postgresBinDirs } from '../lib/postgres.mjs';
import { ensureRedis, pingRedis } from '../lib/redis.mjs';
import { SetupError } from '../lib/setup-error.mjs';

// Servers started here live in a temporary directory the postgres user can enter (as root we run it so).
const scratch = mkdtempSync(join(tmpdir(), 'pixtract-infra-'));
chmodSync(scratch, 0o755);
after(() => rmSync(scratch, { recursive: true, force: true }));

const oneLine = (pattern) => (error) =>
  error instanceof SetupError && !error.message.includes('\n') && pattern.test(error.message);

describe('postgres', () => {
  it('uses DATABASE_URL as given', async () => {
    const url = 'postgres://app:pw@db.example:5432/postgres';
    assert.deepEqual(await ensurePostgres({ env: { DATABASE_URL: url } }), { url });
  });

  it('prints a one-line instruction when no server runs, no binaries exist and nothing may be installed', async () => {
    const env = { PIXTRACT_PG_PORT: String(await freePort()) };
    await assert.rejects(
      ensurePostgres({ env, binDirs: [], install: false }),
      oneLine(/^PostgreSQL not found: install it .* or set DATABASE_URL=/),
    );
  });

  it(
    'starts its own server from the installed binaries, creates databases on it and stops it',
    { skip: postgresBinDirs().length === 0 && 'no Postgres binaries here' },
    async () => {
      const env = { PIXTRACT_PG_PORT: String(await freePort()) };
      const postgres = await ensurePostgres({ env, dataDir: join(scratch, 'postgres'), install: false });
      const { port } = new URL(postgres.url);
      try {
        assert.ok(await isPostgres('127.0.0.1', Number(port)));
        await ensureDatabases(postgres.url, ['pixtract_a', 'pixtract_b']);
        await ensureDatabases(postgres.url, ['pixtract_a'], { reset: true });
      } finally {
        await postgres.stop();
      }
      assert.equal(await probe('127.0.0.1', Number(port), 'x'), null);
    },
  );

  it('tells a Redis from a Postgres', async () => {
    const redis = await ensureRedis({ env: {}, dataDir: join(scratch, 'redis-probe'), install: false });
    const { port } = new URL(redis.url);
    try {
      assert.equal(await isPostgres('127.0.0.1', Number(port)), false);
    } finally {
      await redis.stop?.();
    }
  });
});

describe('redis', () => {
  it('prints a one-line instruction when no server runs, no redis-server exists and nothing may be installed', async () => {
    const env = { PIXTRACT_REDIS_PORT: String(await freePort()) };
    await assert.rejects(
      ensureRedis({ env, server: null, install: false }),
      oneLine(/^Redis not found: install it .* or set REDIS_URL=/),
    );
  });

  it('starts its own redis-server on a free port and stops it', async () => {
    const env = { PIXTRACT_REDIS_PORT: String(await freePort()) };
    const redis = await ensureRedis({ env, dataDir: join(scratch, 'redis'), install: false });
    const { port } = new URL(redis.url);
    assert.equal(await pingRedis('127.0.0.1', Number(port)), 'redis');
    await redis.stop();
    assert.equal(await pingRedis('127.0.0.1', Number(port)), null);
  });
});

describe('chromium', () => {
  it('uses an executable CHROMIUM_PATH and refuses one that is not', async () => {
    const browser = join(scratch, 'chrome');
    writeFileSync(browser, '#!/bin/sh\n', { mode: 0o755 });
    assert.equal(await ensureChromium({ env: { CHROMIUM_PATH: browser } }), browser);
    await assert.rejects(
      ensureChromium({ env: { CHROMIUM_PATH: join(scratch, 'none') } }),
      oneLine(/CHROMIUM_PATH=.* is not an executable file/),
    );
  });

  it('falls back to Playwright’s browser, then to a one-line instruction', async () => {
    const none = () => undefined;
    assert.equal(
      await ensureChromium({ env: {}, install: false, system: none, bundled: () => '/pw/chrome' }),
      '/pw/chrome',
    );
    await assert.rejects(
      ensureChromium({ env: {}, install: false, system: none, bundled: none }),
      oneLine(/^Chromium not found: install it .* or set CHROMIUM_PATH=/),
    );
  });
});
