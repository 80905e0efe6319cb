import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { formatCents } from '@pixtract/contracts';
import { IntervalUnit, PlanRequestStatus, TenureType, type PlanRequest } from '@paypal/paypal-server-sdk';
import { PlansRepository } from '../plan/plans.repository';
import type { SubscriptionPlanEntity } from '../plan/subscription-plan.entity';
import { PayPalClient } from './paypal.client';

/** The catalog product every Pixtract plan belongs to at PayPal (a product id of our choosing). */
export const PAYPAL_PRODUCT = {
  id: 'PIXTRACT-PREMIUM',
  name: 'Pixtract Premium',
  description: 'More images a day and per extraction on Pixtract.',
};

/** Cycles a subscription may fail in a row before PayPal suspends it. */
const PAYMENT_FAILURE_THRESHOLD = 3;

/**
 * PayPal's side of the plans: the product and one billing plan per live plan, created when missing. A PayPal plan is
 * found again by its description, which names the plan, price and currency: a new price makes a new PayPal plan
 * (subscribers keep the old one). Creation carries a PayPal-Request-Id derived from the same, so two replicas
 * starting together create one. Runs at start-up, and again before a subscription when that failed.
 */
@Injectable()
export class PayPalCatalog implements OnApplicationBootstrap {
  private readonly logger = new Logger(PayPalCatalog.name);
  private provisioning: Promise<void> | undefined;

  constructor(
    private readonly paypal: PayPalClient,
    private readonly plans: PlansRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.paypal.configured)
      return this.logger.warn('PayPal credentials are not set: plans are listed, nothing can be bought');
    await this.provision().catch((error: unknown) =>
      this.logger.warn({
        msg: 'PayPal plans could not be set up yet; trying again at the next subscription',
        err: error,
      }),
    );
  }

  /** PayPal's plan id for one of ours, set up first if needed. */
  async paypalPlanIdOf(plan: SubscriptionPlanEntity): Promise<string> {
    if (plan.paypalPlanId) return plan.paypalPlanId;
    await this.provision();
    const provisioned = (await this.plans.all()).get(plan.planId)?.paypalPlanId;
    if (!provisioned) throw new Error(`PayPal plan for ${plan.planId} was not created`);
    return provisioned;
  }

  /**
   * PayPal does not know a plan id billing stored (the REST app changed, or the simulator started afresh): forget
   * them all and set the catalog up again; answers the plan's new PayPal id.
   */
  async reprovision(plan: SubscriptionPlanEntity): Promise<string> {
    this.logger.warn({ msg: 'PayPal does not know our plans; setting them up again', planId: plan.planId });
    await this.plans.forgetPaypalPlans();
    return this.paypalPlanIdOf({ ...plan, paypalPlanId: null });
  }

  private provision(): Promise<void> {
    this.provisioning ??= this.provisionMissing().finally(() => (this.provisioning = undefined));
    return this.provisioning;
  }

  private async provisionMissing(): Promise<void> {
    const missing = await this.plans.withoutPaypalPlan();
    if (missing.length === 0) return;
    await this.paypal.ensureProduct(PAYPAL_PRODUCT);
    for (const plan of missing) {
      const description = `pixtract:${plan.planId}:${plan.price}${plan.currency}`;
      const paypalPlanId =
        (await this.paypal.findPlan(PAYPAL_PRODUCT.id, description)) ??
        (await this.paypal.createPlan(planRequest(plan, description), description));
      await this.plans.setPaypalPlanId(plan.planId, paypalPlanId);
      this.logger.log({ msg: 'PayPal plan ready', planId: plan.planId, paypalPlanId });
    }
  }
}

function planRequest(plan: SubscriptionPlanEntity, description: string): PlanRequest {
  return {
    productId: PAYPAL_PRODUCT.id,
    name: `${plan.name} (${plan.interval === 'year' ? 'annual' : 'monthly'})`,
    description,
    status: PlanRequestStatus.Active,
    billingCycles: [
      {
        tenureType: TenureType.Regular,
        sequence: 1,
        totalCycles: 0,
        frequency: {
          intervalUnit: plan.interval === 'year' ? IntervalUnit.Year : IntervalUnit.Month,
          intervalCount: 1,
        },
        pricingScheme: { fixedPrice: { currencyCode: plan.currency, value: formatCents(plan.price) } },
      },
    ],
    paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: PAYMENT_FAILURE_THRESHOLD },
  };
}
