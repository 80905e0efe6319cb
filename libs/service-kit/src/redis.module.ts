import { Global, Inject, Injectable, Module, DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Redis, RedisOptions } from 'ioredis';

export const REDIS = Symbol('REDIS');

/**
 * Connection options from a redis:// or rediss:// URL, for BullMQ queues and workers (each opens
 * its own connections from these; blocking commands need a connection of their own).
 */
export function redisConnectionOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** One ioredis client per process; `maxRetriesPerRequest: null` is what BullMQ requires of shared connections. */
export function createRedis(url: string, connectionName: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, connectionName, lazyConnect: false });
}

/** How long closing waits for a client still connecting, and for the commands it already sent. */
const CLOSE_WAIT_MS = 1_000;

/**
 * Closes a client without cutting off commands already sent: a PING queued behind them answers once they have,
 * then QUIT. Fire-and-forget commands (socket.io's UNSUBSCRIBEs, a new client's SUBSCRIBEs) would otherwise be
 * flushed as unhandled "Connection is closed." rejections. A client that cannot reach Redis is disconnected: QUIT
 * and PING would wait forever in its offline queue.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'connecting' || redis.status === 'connect') await settled(new Promise<void>((resolve) => redis.once('ready', () => resolve()).once('error', () => resolve())));
  if (redis.status !== 'ready') return redis.disconnect();
  const answered = await settled(redis.ping().then(() => true));
  if (answered !== true) return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}

/** The promise's value, or undefined once it rejects or CLOSE_WAIT_MS have passed. */
async function settled<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), CLOSE_WAIT_MS)));
  try {
    return await Promise.race([work.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown() {
    return closeRedis(this.redis);
  }
}

@Global()
@Module({})
export class RedisModule {
  static forRoot(url: string, connectionName: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, useFactory: () => createRedis(url, connectionName) }, RedisCloser],
      exports: [REDIS],
    };
  }
}
