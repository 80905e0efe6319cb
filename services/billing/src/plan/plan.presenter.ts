import type { SubscriptionPlan } from '@pixtract/contracts';
import type { SubscriptionPlanEntity } from './subscription-plan.entity';

export function toSubscriptionPlan(plan: SubscriptionPlanEntity): SubscriptionPlan {
  return {
    planId: plan.planId,
    name: plan.name,
    description: plan.description,
    tier: plan.tier,
    price: plan.price,
    currency: plan.currency,
    interval: plan.interval,
    features: plan.features,
    dailyLimit: plan.dailyLimit,
    maxImagesPerExtraction: plan.maxImagesPerExtraction,
    isPopular: plan.isPopular,
  };
}
