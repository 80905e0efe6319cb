import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import type { SafeFetchPolicy } from '@pixtract/safe-fetch';
import {
  HealthModule,
  REDIS,
  RedisModule,
  ServiceConfigModule,
  loggingModule,
  redisConnectionOptions,
  redisReadiness,
} from '@pixtract/service-kit';
import { MediaModule } from './media.module';
import { ZIPPER_CONFIG, ZipperConfig } from './zipper.config';

@Module({})
export class AppModule {
  /** `policyOverrides` is the tests' seam into the SSRF-safe fetcher (resolver, dialer, timeouts); production passes none. */
  static forRoot(config: ZipperConfig, policyOverrides?: Partial<SafeFetchPolicy>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceConfigModule.forRoot(ZIPPER_CONFIG, config),
        loggingModule('zipper', config.LOG_LEVEL),
        RedisModule.forRoot(config.REDIS_URL, 'zipper'),
        BullModule.forRoot({ connection: redisConnectionOptions(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
        HealthModule.register({ inject: [REDIS], useFactory: (redis) => [redisReadiness(redis)] }),
        MediaModule.register(policyOverrides),
      ],
    };
  }
}
