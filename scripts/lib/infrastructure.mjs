// Everything the services need outside Node: Postgres, Redis and Chromium, found or started.
import { ensureChromium } from './chromium.mjs';
import { ensurePostgres } from './postgres.mjs';
import { ensureRedis } from './redis.mjs';

/**
 * Resolves { databaseServerUrl, redisUrl, chromiumPath, stop }. `stop` stops the servers this call
 * started itself (none when they were already running); on failure those are stopped before rethrowing.
 */
export async function prepareInfrastructure(env = process.env) {
  const started = [];
  const stop = async () => {
    for (const server of started.reverse()) await server.stop();
  };
  try {
    const postgres = await ensurePostgres({ env });
    if (postgres.stop) started.push(postgres);
    const redis = await ensureRedis({ env });
    if (redis.stop) started.push(redis);
    const chromiumPath = await ensureChromium({ env });
    return { databaseServerUrl: postgres.url, redisUrl: redis.url, chromiumPath, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The environment of child test runners, so they use the same servers and browser. */
export const infrastructureEnv = ({ databaseServerUrl, redisUrl, chromiumPath }) => ({
  DATABASE_URL: databaseServerUrl,
  REDIS_URL: redisUrl,
  CHROMIUM_PATH: chromiumPath,
});
