// The services' Postgres databases: created when missing (each service migrates its own on start).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';
import { SetupError } from './setup-error.mjs';

/** The URL of database `name` on the server of `serverUrl` (same host, port, user and options). */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where to connect to create databases: the server URL's own database, else `postgres`. */
const maintenanceUrl = (serverUrl) =>
  new URL(serverUrl).pathname.length > 1 ? serverUrl : databaseUrl(serverUrl, 'postgres');

const quoteIdentifier = (name) => `"${name.replaceAll('"', '""')}"`;

/** Creates the databases that do not exist yet; with `reset`, drops and recreates them all. */
export async function ensureDatabases(serverUrl, names, { reset = false } = {}) {
  // pg is a workspace dependency: the scripts load it only after the dependencies are installed.
  const { Client } = createRequire(join(ROOT, 'package.json'))('pg');
  const client = new Client({ connectionString: maintenanceUrl(serverUrl), connectionTimeoutMillis: 5000 });
  const server = new URL(serverUrl);
  try {
    await client.connect();
  } catch (error) {
    const user = decodeURIComponent(server.username) || 'the default user';
    throw new SetupError(
      `Cannot connect to Postgres at ${server.host} as ${user} (${error.message}): check DATABASE_URL=postgres://user:password@host:5432/postgres`,
    );
  }
  try {
    for (const name of names) {
      if (reset) await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount === 0) await createDatabase(client, name);
    }
  } finally {
    await client.end();
  }
}

async function createDatabase(client, name) {
  try {
    await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  } catch (error) {
    // Another start created it between our check and now: that is what we wanted.
    if (error.code !== '42P04' && error.code !== '23505')
      throw new SetupError(`Cannot create database ${name}: ${error.message}`);
  }
}
