import { BullModule } from '@nestjs/bullmq';
import type { Express } from 'express';
import { DynamicModule, Inject, MiddlewareConsumer, Module, NestModule, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  HealthModule,
  REDIS,
  RedisModule,
  ServiceConfigModule,
  loggingModule,
  postgresModule,
  postgresReadiness,
  redisConnectionOptions,
  redisReadiness,
} from '@pixtract/service-kit';
import { QueueName } from '@pixtract/contracts';
import { AccountController } from './account/account.controller';
import { AccountService } from './account/account.service';
import { ProfileController } from './account/profile.controller';
import { AUTH_CONFIG, AuthConfig } from './auth.config';
import { AccountChanges } from './billing/account-changes.service';
import { AccountEventsProcessor } from './billing/account-events.processor';
import { GoogleSignInController } from './google/google-sign-in.controller';
import { GoogleSignInService } from './google/google-sign-in.service';
import { CreateUsers1763740100000 } from './migrations/1763740100000-create-users';
import { CreateQuotaLedger1763740200000 } from './migrations/1763740200000-create-quota-ledger';
import { UniqueUsernamesAndEmails1764100000000 } from './migrations/1764100000000-unique-usernames-and-emails';
import { AddAccountRevision1764120000000 } from './migrations/1764120000000-add-account-revision';
import { CLOCK, Clock, systemClock } from './quota/clock';
import { InternalQuotaController } from './quota/internal-quota.controller';
import { QuotaLedger } from './quota/quota-ledger.service';
import { SessionMiddleware } from './session/session.middleware';
import { PasswordService } from './user/password.service';
import { UserEntity } from './user/user.entity';
import { UsersService } from './user/users.service';

@Module({})
export class AppModule implements NestModule, OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** `clock` is the time quotas are reckoned in; tests pass their own. */
  static forRoot(config: AuthConfig, clock: Clock = systemClock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceConfigModule.forRoot(AUTH_CONFIG, config),
        loggingModule('auth', config.LOG_LEVEL),
        postgresModule(
          config.DATABASE_URL,
          [UserEntity],
          [
            CreateUsers1763740100000,
            CreateQuotaLedger1763740200000,
            UniqueUsernamesAndEmails1764100000000,
            AddAccountRevision1764120000000,
          ],
        ),
        RedisModule.forRoot(config.REDIS_URL, 'auth'),
        BullModule.forRoot({ connection: redisConnectionOptions(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
        BullModule.registerQueue({ name: QueueName.AccountEvents }),
        HealthModule.register({
          inject: [getDataSourceToken(), REDIS],
          useFactory: (dataSource, redis) => [postgresReadiness(dataSource), redisReadiness(redis)],
        }),
      ],
      controllers: [AccountController, ProfileController, GoogleSignInController, InternalQuotaController],
      providers: [
        { provide: CLOCK, useValue: clock },
        PasswordService,
        UsersService,
        QuotaLedger,
        AccountService,
        GoogleSignInService,
        SessionMiddleware,
        AccountChanges,
        AccountEventsProcessor,
      ],
    };
  }

  /** Client addresses come from the gateway's X-Forwarded-For, believed only from TRUST_PROXY hops. */
  onModuleInit() {
    this.adapterHost.httpAdapter.getInstance<Express>().set('trust proxy', this.config.TRUST_PROXY);
  }

  configure(consumer: MiddlewareConsumer) {
    consumer.apply(SessionMiddleware).exclude('health', 'ready').forRoutes('{*path}');
  }
}
