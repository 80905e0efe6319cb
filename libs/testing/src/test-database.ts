import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** The Postgres server tests use: TEST_DATABASE_URL, else DATABASE_URL, else the local server. */
function testServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one test file, so test files run in parallel without sharing rows.
 * The name carries the label for debugging; drop() removes it (and any connections left behind).
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const name = `test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () =>
      admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/** A BullMQ/Redis key prefix of its own for one test file. */
export function uniqueQueuePrefix(label: string): string {
  return `test-${label}-${randomBytes(4).toString('hex')}`;
}
