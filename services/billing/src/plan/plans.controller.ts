import { Controller, Get } from '@nestjs/common';
import type { SubscriptionPlan } from '@pixtract/contracts';
import { toSubscriptionPlan } from './plan.presenter';
import { PlansRepository } from './plans.repository';

@Controller('api')
export class PlansController {
  constructor(private readonly plans: PlansRepository) {}

  /** The live plans; prices and limits come only from this table. */
  @Get('subscription-plans')
  async list(): Promise<SubscriptionPlan[]> {
    return (await this.plans.active()).map(toSubscriptionPlan);
  }
}
