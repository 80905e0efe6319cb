import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BillingErrorCode,
  planIdOf,
  type CreateSubscriptionRequest,
  type SubscriptionApproval,
  type UserSubscription,
} from '@pixtract/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AccountEventsPublisher } from '../account/account-events.publisher';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { billingError } from '../billing-error';
import { CLOCK, type Clock } from '../clock';
import { PayPalCatalog } from '../paypal/paypal-catalog.service';
import { PayPalApiError, PayPalClient } from '../paypal/paypal.client';
import { PlansRepository } from '../plan/plans.repository';
import type { SubscriptionPlanEntity } from '../plan/subscription-plan.entity';
import { lockUser } from '../user-lock';
import { currentSubscription, toCurrentSubscription } from './subscription.presenter';
import { DUPLICATE_CANCEL_REASON, SubscriptionSync } from './subscription-sync.service';
import { UserSubscriptionEntity } from './user-subscription.entity';

/** How long PayPal keeps an approval link usable: a second Subscribe within it answers the same link. */
const APPROVAL_WINDOW_MS = 3 * 3600 * 1000;
const DEFAULT_CANCEL_REASON = 'Cancelled by the subscriber on Pixtract';

/**
 * Subscribing, confirming on the return page, cancelling, and the member's current subscription. Every change runs
 * in a transaction holding the user's lock (a Postgres advisory lock, so replicas wait for each other too), PayPal's
 * call included, so a double click or two tabs subscribe once.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly paypal: PayPalClient,
    private readonly catalog: PayPalCatalog,
    private readonly plans: PlansRepository,
    private readonly sync: SubscriptionSync,
    private readonly accountEvents: AccountEventsPublisher,
  ) {}

  async current(userId: number): Promise<UserSubscription> {
    const subscriptions = await this.dataSource.getRepository(UserSubscriptionEntity).findBy({ userId });
    const current = currentSubscription(subscriptions, this.clock.now());
    return { subscription: current ? toCurrentSubscription(current, await this.plans.all()) : null };
  }

  /**
   * A new subscription waiting for approval on PayPal — or, for a subscriber, a change of plan (PayPal's revise) to
   * approve there: one paid subscription per account. The user's subscriptions still waiting for approval are read
   * from PayPal first, so one approved a moment ago counts as the subscription (its plan is revised), not as a
   * reason for a second one. The same plan again within the approval window answers the link already made.
   */
  async create(userId: number, request: CreateSubscriptionRequest): Promise<SubscriptionApproval> {
    const plan = await this.plans.activeByPlanId(planIdOf(request.planId));
    if (!plan) throw billingError(BillingErrorCode.PlanNotFound, 404);
    if (!this.paypal.configured) throw billingError(BillingErrorCode.BillingUnavailable, 503);
    const paypalPlanId = await this.catalog
      .paypalPlanIdOf(plan)
      .catch((error: unknown) => this.failed(BillingErrorCode.SubscriptionError, error));
    const returnUrl = this.pageUrl(plan, request.language);
    const cancelUrl = this.pageUrl(plan, request.language, { cancelled: '1' });
    return this.inTransaction(async (manager) => {
      await lockUser(manager, userId);
      const now = this.clock.now();
      const waiting = (await manager.findBy(UserSubscriptionEntity, { userId, status: 'pending' })).filter(
        (subscription) => now.getTime() - subscription.createdAt.getTime() < APPROVAL_WINDOW_MS,
      );
      for (const subscription of waiting)
        await this.sync.reconcile(manager, subscription.paypalSubscriptionId, now).catch((error: unknown) => {
          // PayPal does not know it (another REST app, a simulator started afresh): it can never be approved.
          if (!(error instanceof PayPalApiError && error.status === 404))
            this.failed(BillingErrorCode.SubscriptionError, error);
        });
      const subscriptions = await manager.findBy(UserSubscriptionEntity, { userId });
      const active = subscriptions.find((subscription) => subscription.status === 'active');
      if (active) {
        if (active.planId === plan.planId && !active.pendingPlanId)
          throw billingError(BillingErrorCode.AlreadySubscribed, 409);
        const approvalUrl = await this.paypal
          .reviseSubscription(active.paypalSubscriptionId, paypalPlanId, returnUrl, cancelUrl)
          .catch((error: unknown) => this.failed(BillingErrorCode.SubscriptionError, error));
        return { paypalSubscriptionId: active.paypalSubscriptionId, approvalUrl };
      }
      const samePlan = subscriptions.find(
        (subscription) =>
          subscription.status === 'pending' &&
          subscription.planId === plan.planId &&
          subscription.approvalUrl &&
          now.getTime() - subscription.createdAt.getTime() < APPROVAL_WINDOW_MS,
      );
      if (samePlan) return { paypalSubscriptionId: samePlan.paypalSubscriptionId, approvalUrl: samePlan.approvalUrl! };
      const subscribeTo = (planId: string) =>
        this.paypal.createSubscription({
          planId,
          customId: String(userId),
          returnUrl,
          cancelUrl,
          requestId: randomUUID(),
        });
      const created = await subscribeTo(paypalPlanId)
        .catch(async (error: unknown) => {
          if (!(error instanceof PayPalApiError && error.issue === 'INVALID_PLAN_ID')) throw error;
          return subscribeTo(await this.catalog.reprovision(plan));
        })
        .catch((error: unknown) => this.failed(BillingErrorCode.SubscriptionError, error));
      await manager.save(
        manager.create(UserSubscriptionEntity, {
          userId,
          planId: plan.planId,
          paypalSubscriptionId: created.id,
          status: 'pending',
          approvalUrl: created.approvalUrl,
        }),
      );
      this.logger.log({
        msg: 'subscription created, waiting for approval',
        userId,
        planId: plan.planId,
        paypalSubscriptionId: created.id,
      });
      return { paypalSubscriptionId: created.id, approvalUrl: created.approvalUrl };
    });
  }

  /**
   * The return page: PayPal's word on the subscription the buyer approved (the member's own only). One approved
   * while the member already has an active subscription was cancelled at PayPal: 409 SUBSCRIPTION_EXISTS.
   */
  async confirm(userId: number, paypalSubscriptionId: string): Promise<UserSubscription> {
    const row = await this.dataSource.getRepository(UserSubscriptionEntity).findOneBy({ paypalSubscriptionId, userId });
    if (!row) throw billingError(BillingErrorCode.NoActiveSubscription, 404);
    const synced = await this.inTransaction((manager) =>
      this.sync.reconcile(manager, paypalSubscriptionId, this.clock.now()),
    ).catch((error: unknown) => {
      if (error instanceof PayPalApiError) this.failed(BillingErrorCode.SubscriptionError, error);
      throw error;
    });
    if (synced?.status === 'pending') throw billingError(BillingErrorCode.PaymentNotApproved, 409);
    if (synced?.cancelReason === DUPLICATE_CANCEL_REASON) throw billingError(BillingErrorCode.SubscriptionExists, 409);
    return this.current(userId);
  }

  /** Cancels at PayPal; premium stays until the end of the paid period. */
  async cancel(userId: number, request: { subscriptionId?: string; reason?: string }): Promise<UserSubscription> {
    await this.inTransaction(async (manager) => {
      await lockUser(manager, userId);
      const subscriptions = await manager.findBy(UserSubscriptionEntity, { userId });
      const target = subscriptions.find(
        (subscription) =>
          subscription.status === 'active' &&
          (!request.subscriptionId || subscription.paypalSubscriptionId === request.subscriptionId),
      );
      if (!target) throw billingError(BillingErrorCode.NoActiveSubscription, 404);
      const reason = request.reason || DEFAULT_CANCEL_REASON;
      await this.paypal.cancelSubscription(target.paypalSubscriptionId, reason).catch((error: unknown) => {
        // PayPal refuses to cancel what is no longer cancellable (already cancelled there): its state decides below.
        if (!(error instanceof PayPalApiError && error.status === 422))
          this.failed(BillingErrorCode.CancellationError, error);
      });
      const synced = await this.sync
        .reconcile(manager, target.paypalSubscriptionId, this.clock.now())
        .catch((error: unknown) => {
          if (error instanceof PayPalApiError) this.failed(BillingErrorCode.CancellationError, error);
          throw error;
        });
      if (synced?.status === 'active')
        this.failed(BillingErrorCode.CancellationError, new Error('PayPal still bills the subscription'));
      if (synced)
        await manager.update(
          UserSubscriptionEntity,
          { id: synced.id },
          { cancelReason: synced.cancelReason ?? reason },
        );
      this.logger.log({
        msg: 'subscription cancelled',
        userId,
        paypalSubscriptionId: target.paypalSubscriptionId,
        endDate: synced?.endDate,
      });
    });
    return this.current(userId);
  }

  /** Runs `work` in a transaction, then publishes the account events it recorded. */
  async inTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(work);
    void this.accountEvents.flush();
    return result;
  }

  /** Where PayPal sends the buyer back: the payment page of the plan, in the buyer's language. */
  private pageUrl(
    plan: SubscriptionPlanEntity,
    language: string | undefined,
    extra: Record<string, string> = {},
  ): string {
    const prefix = language && language !== 'en' ? `/${language}` : '';
    const url = new URL(`${prefix}/payment`, this.config.PUBLIC_URL);
    url.search = new URLSearchParams({ plan: plan.planId, ...extra }).toString();
    return url.toString();
  }

  private failed(code: BillingErrorCode, error: unknown): never {
    this.logger.error({ msg: 'PayPal call failed', code, err: error });
    throw billingError(code, error instanceof PayPalApiError && error.status === 404 ? 404 : 502, error);
  }
}
