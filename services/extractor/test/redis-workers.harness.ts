import { Redis } from 'ioredis';
import type { ExtractorConfig } from '../src/extractor.config';
import { TEST_REDIS_URL } from './extraction-queue.harness';

/**
 * Connections to the real Redis, one per service a test builds: services on connections of their own stand for
 * worker processes. After the file, the keys under the config's queue prefix and the connections go.
 */
export function redisWorkers(config: ExtractorConfig): () => Redis {
  const connections: Redis[] = [];
  afterAll(async () => {
    const [redis] = connections;
    if (!redis) return;
    const keys = await redis.keys(`${config.QUEUE_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await Promise.all(connections.map((connection) => connection.quit()));
  });
  return () => {
    const redis = new Redis(TEST_REDIS_URL);
    connections.push(redis);
    return redis;
  };
}
