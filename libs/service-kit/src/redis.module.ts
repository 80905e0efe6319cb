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

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    // QUIT would wait forever on a client that is still trying to reconnect.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
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
