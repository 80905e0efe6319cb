import { Global, Inject, Injectable, Logger, Module, DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Redis, RedisOptions } from 'ioredis';
import { withinTime } from './within-time';

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
  return logConnectionErrors(new Redis(url, { maxRetriesPerRequest: null, connectionName, lazyConnect: false }));
}

const redisLogger = new Logger('Redis');

/**
 * ioredis reconnects by itself (commands wait meanwhile); its 'error' events need a listener all the same, or each
 * failed attempt is printed to the console as an unhandled error. Logged as warnings: /ready tells the outage.
 */
export function logConnectionErrors(redis: Redis): Redis {
  redis.on('error', (error: Error) =>
    redisLogger.warn({
      msg: 'Redis connection failed; reconnecting',
      connection: redis.options.connectionName,
      err: error.message,
    }),
  );
  return redis;
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
  if (redis.status === 'connecting' || redis.status === 'connect')
    await withinTime(untilConnected(redis), CLOSE_WAIT_MS).catch(() => undefined);
  if (redis.status !== 'ready') return redis.disconnect();
  const answered = await withinTime(redis.ping(), CLOSE_WAIT_MS).then(
    () => true,
    () => false,
  );
  if (!answered) return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}

/**
 * Resolves when a (re)connecting client is ready, rejects with its connection error: commands would only queue
 * meanwhile, and readiness and closing want the connection's own verdict. Both listeners go with the first event.
 */
export function untilConnected(redis: Redis): Promise<void> {
  return new Promise((resolve, reject) => {
    const onReady = () => settle(resolve);
    const onError = (error: Error) => settle(() => reject(error));
    const settle = (done: () => void) => {
      redis.off('ready', onReady).off('error', onError);
      done();
    };
    redis.once('ready', onReady).once('error', onError);
  });
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
