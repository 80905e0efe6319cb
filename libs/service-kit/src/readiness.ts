import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

export interface ReadinessCheck {
  name: string;
  check(): Promise<unknown>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

export const postgresReadiness = (dataSource: DataSource): ReadinessCheck => ({
  name: 'postgres',
  check: () => dataSource.query('SELECT 1'),
});

export const redisReadiness = (redis: Redis): ReadinessCheck => ({
  name: 'redis',
  check: async () => {
    if (redis.status !== 'ready') await connected(redis);
    if ((await redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
  },
});

/** Commands queue while a client (re)connects; readiness wants the connection's own verdict instead. */
function connected(redis: Redis): Promise<void> {
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
