import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { untilConnected } from './redis.module';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

export const postgresReadiness = (dataSource: DataSource): ReadinessCheck => ({
  name: 'postgres',
  check: () => dataSource.query('SELECT 1'),
});

export const redisReadiness = (redis: Redis): ReadinessCheck => ({
  name: 'redis',
  check: async () => {
    if (redis.status !== 'ready') await untilConnected(redis);
    if ((await redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
  },
});
