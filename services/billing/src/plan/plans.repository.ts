import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { SubscriptionPlanEntity } from './subscription-plan.entity';

const TIER_ORDER = "CASE \"tier\" WHEN 'hobby' THEN 1 WHEN 'startup' THEN 2 ELSE 3 END";

@Injectable()
export class PlansRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get plans() {
    return this.dataSource.getRepository(SubscriptionPlanEntity);
  }

  /** The plans on sale, cheapest tier first, monthly before annual. */
  active(): Promise<SubscriptionPlanEntity[]> {
    return this.plans
      .createQueryBuilder('plan')
      .where('plan.isActive')
      .orderBy(TIER_ORDER)
      .addOrderBy('plan.interval', 'ASC')
      .getMany();
  }

  activeByPlanId(planId: string): Promise<SubscriptionPlanEntity | null> {
    return this.plans.findOneBy({ planId, isActive: true });
  }

  /**
   * Every plan, sold or not: a subscriber may hold one that is no longer offered. Inside a transaction that holds a
   * user's lock, read through its `manager`: a second connection from the pool could be one that transactions
   * waiting for the same lock hold, and neither would ever go on.
   */
  async all(manager: EntityManager = this.dataSource.manager): Promise<Map<string, SubscriptionPlanEntity>> {
    return new Map((await manager.find(SubscriptionPlanEntity)).map((plan) => [plan.planId, plan]));
  }

  /** The plan PayPal bills as `paypalPlanId`; `manager` as for all(). */
  byPaypalPlanId(
    paypalPlanId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubscriptionPlanEntity | null> {
    return manager.findOneBy(SubscriptionPlanEntity, { paypalPlanId });
  }

  withoutPaypalPlan(): Promise<SubscriptionPlanEntity[]> {
    return this.plans.findBy({ isActive: true, paypalPlanId: IsNull() });
  }

  async setPaypalPlanId(planId: string, paypalPlanId: string): Promise<void> {
    await this.plans.update({ planId }, { paypalPlanId });
  }

  /** Forgets every PayPal plan id (PayPal no longer knows them: another REST app, a fresh simulator). */
  async forgetPaypalPlans(): Promise<void> {
    await this.plans.createQueryBuilder().update().set({ paypalPlanId: null }).execute();
  }
}
