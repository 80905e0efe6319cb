import { DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { HealthModule, ServiceConfigModule, loggingModule, postgresModule, postgresReadiness } from '@pixtract/service-kit';
import { BILLING_CONFIG, BillingConfig } from './billing.config';
import { CreateSubscriptionPlans1763740200000 } from './migrations/1763740200000-create-subscription-plans';
import { SubscriptionPlanEntity } from './plan/subscription-plan.entity';

@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceConfigModule.forRoot(BILLING_CONFIG, config),
        loggingModule('billing', config.LOG_LEVEL),
        postgresModule(config.DATABASE_URL, [SubscriptionPlanEntity], [CreateSubscriptionPlans1763740200000]),
        HealthModule.register({ inject: [getDataSourceToken()], useFactory: (dataSource) => [postgresReadiness(dataSource)] }),
      ],
    };
  }
}
