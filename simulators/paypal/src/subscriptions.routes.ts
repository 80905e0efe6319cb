import { checkoutPage } from './checkout-page';
import {
  addInterval,
  money,
  regularCycle,
  TEST_BUYER,
  type Json,
  type SimContext,
  type SimSubscription,
} from './context';
import {
  invalidRequest,
  notFound,
  paypalId,
  PayPalError,
  redirect,
  Router,
  sendJson,
  sendText,
  unprocessable,
} from './http';

/**
 * /v1/billing/subscriptions and the buyer's approval page. Approving activates the subscription and charges its
 * first cycle (BILLING.SUBSCRIPTION.ACTIVATED, PAYMENT.SALE.COMPLETED); later cycles are charged, or fail, when a
 * test asks through `/simulator/subscriptions/{id}/payments` (PayPal does it on the billing date).
 */
export function subscriptionRoutes(router: Router, ctx: SimContext): void {
  const subscriptionOf = (id: string): SimSubscription => {
    const found = ctx.subscriptions.get(id);
    if (!found) throw notFound(`Subscription ${id}`);
    return found;
  };
  const approvalUrl = (token: string) => `${ctx.origin}/webapps/billing/subscriptions?ba_token=${token}`;
  const selfLink = (id: string, rel: string, method: string, suffix = '') => ({
    href: `${ctx.origin}/v1/billing/subscriptions/${id}${suffix}`,
    rel,
    method,
  });
  const touch = (json: Json) => (json.update_time = ctx.now().toISOString());
  const setStatus = (json: Json, status: string, note?: string) => {
    json.status = status;
    json.status_update_time = ctx.now().toISOString();
    if (note) json.status_change_note = note;
    touch(json);
  };
  const emitSubscription = (eventType: string, json: Json, summary: string) =>
    ctx.notifier.emit(eventType, 'subscription', json, summary);

  router.add('POST', '/v1/billing/subscriptions', (req, res) => {
    const body = req.body as {
      plan_id?: string;
      custom_id?: string;
      application_context?: { return_url?: string; cancel_url?: string };
    };
    const plan = body.plan_id ? ctx.plans.get(body.plan_id) : undefined;
    if (!plan) throw unprocessable('INVALID_PLAN_ID', 'plan_id must name an existing plan.');
    if (plan.status !== 'ACTIVE') throw unprocessable('PLAN_STATUS_INVALID', 'The plan is not active.');
    const returnUrl = body.application_context?.return_url;
    const cancelUrl = body.application_context?.cancel_url;
    if (!returnUrl || !cancelUrl)
      throw invalidRequest('/application_context', 'return_url and cancel_url are required.');
    const id = paypalId('I-');
    const token = paypalId('BA-');
    const now = ctx.now().toISOString();
    const json: Json = {
      id,
      plan_id: plan.id,
      status: 'APPROVAL_PENDING',
      status_update_time: now,
      start_time: now,
      quantity: '1',
      custom_id: body.custom_id,
      plan_overridden: false,
      create_time: now,
      update_time: now,
      links: [
        { href: approvalUrl(token), rel: 'approve', method: 'GET' },
        selfLink(id, 'edit', 'PATCH'),
        selfLink(id, 'self', 'GET'),
      ],
    };
    ctx.subscriptions.set(id, { json, approvalToken: token, returnUrl, cancelUrl });
    sendJson(res, 201, json);
  });

  router.add('GET', '/v1/billing/subscriptions/:id', (req, res) =>
    sendJson(res, 200, subscriptionOf(req.params.id).json),
  );

  router.add('POST', '/v1/billing/subscriptions/:id/cancel', (req, res) => {
    const { json } = subscriptionOf(req.params.id);
    const reason = (req.body as { reason?: string }).reason;
    if (!reason) throw invalidRequest('/reason', 'A reason is required.');
    if (!['ACTIVE', 'SUSPENDED', 'APPROVED'].includes(json.status))
      throw unprocessable('SUBSCRIPTION_STATUS_INVALID', `Invalid subscription status: ${json.status}.`);
    setStatus(json, 'CANCELLED', reason);
    if (json.billing_info) delete json.billing_info.next_billing_time;
    json.links = [selfLink(json.id, 'self', 'GET')];
    emitSubscription('BILLING.SUBSCRIPTION.CANCELLED', json, 'Subscription cancelled');
    res.writeHead(204).end();
  });

  router.add('POST', '/v1/billing/subscriptions/:id/revise', (req, res) => {
    const subscription = subscriptionOf(req.params.id);
    const body = req.body as { plan_id?: string; application_context?: { return_url?: string; cancel_url?: string } };
    const plan = body.plan_id ? ctx.plans.get(body.plan_id) : undefined;
    if (!plan) throw unprocessable('INVALID_PLAN_ID', 'plan_id must name an existing plan.');
    if (subscription.json.status !== 'ACTIVE')
      throw unprocessable('SUBSCRIPTION_STATUS_INVALID', `Invalid subscription status: ${subscription.json.status}.`);
    const token = paypalId('BA-');
    subscription.revision = {
      planId: plan.id,
      token,
      returnUrl: body.application_context?.return_url ?? subscription.returnUrl,
      cancelUrl: body.application_context?.cancel_url ?? subscription.cancelUrl,
    };
    sendJson(res, 200, {
      plan_id: plan.id,
      plan_overridden: false,
      links: [{ href: approvalUrl(token), rel: 'approve', method: 'GET' }],
    });
  });

  const byToken = (token: string | null): { subscription: SimSubscription; revising: boolean } => {
    for (const subscription of ctx.subscriptions.values()) {
      if (subscription.approvalToken === token && subscription.json.status === 'APPROVAL_PENDING')
        return { subscription, revising: false };
      if (subscription.revision?.token === token) return { subscription, revising: true };
    }
    throw new PayPalError(404, 'RESOURCE_NOT_FOUND', 'This approval link has expired or was already used.');
  };

  router.add(
    'GET',
    '/webapps/billing/subscriptions',
    (req, res) => {
      const token = req.url.searchParams.get('ba_token');
      const { subscription, revising } = byToken(token);
      const plan = ctx.plans.get(revising ? subscription.revision!.planId : subscription.json.plan_id)!;
      const cycle = regularCycle(plan);
      const price = cycle.pricing_scheme.fixed_price;
      const every = `${cycle.frequency.interval_count ?? 1} ${String(cycle.frequency.interval_unit).toLowerCase()}`;
      const html = checkoutPage({
        title: revising ? 'Change your subscription' : 'Set up your subscription',
        lines: [
          plan.name,
          `${price.value} ${price.currency_code} every ${every}`,
          `Subscription ${subscription.json.id}`,
        ],
        action: '/webapps/billing/subscriptions',
        hidden: { ba_token: token! },
      });
      sendText(res, 200, 'text/html; charset=utf-8', html);
    },
    { open: true },
  );

  router.add(
    'POST',
    '/webapps/billing/subscriptions',
    (req, res) => {
      const token = typeof req.body.ba_token === 'string' ? req.body.ba_token : '';
      const { subscription, revising } = byToken(token);
      const approved = req.body.decision === 'approve';
      const back = revising ? subscription.revision! : subscription;
      if (approved && revising) revise(subscription);
      else if (approved) activate(subscription);
      if (revising) delete subscription.revision;
      const target = new URL(approved ? back.returnUrl : back.cancelUrl);
      target.searchParams.set('subscription_id', subscription.json.id);
      target.searchParams.set('ba_token', token);
      target.searchParams.set('token', paypalId('EC-'));
      redirect(res, target.toString());
    },
    { open: true },
  );

  function activate({ json }: SimSubscription): void {
    const plan = ctx.plans.get(json.plan_id)!;
    const cycle = regularCycle(plan);
    const now = ctx.now();
    setStatus(json, 'ACTIVE');
    json.start_time = now.toISOString();
    json.subscriber = { ...TEST_BUYER, payer_id: paypalId() };
    json.billing_info = {
      outstanding_balance: money('0.00', cycle.pricing_scheme.fixed_price.currency_code),
      cycle_executions: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          cycles_completed: 0,
          cycles_remaining: 0,
          current_pricing_scheme_version: 1,
          total_cycles: cycle.total_cycles ?? 0,
        },
      ],
      next_billing_time: now.toISOString(),
      failed_payments_count: 0,
    };
    json.links = [
      selfLink(json.id, 'cancel', 'POST', '/cancel'),
      selfLink(json.id, 'edit', 'PATCH'),
      selfLink(json.id, 'self', 'GET'),
      selfLink(json.id, 'suspend', 'POST', '/suspend'),
    ];
    emitSubscription('BILLING.SUBSCRIPTION.ACTIVATED', json, 'Subscription activated');
    charge(json, 'COMPLETED');
  }

  function revise(subscription: SimSubscription): void {
    subscription.json.plan_id = subscription.revision!.planId;
    touch(subscription.json);
    emitSubscription('BILLING.SUBSCRIPTION.UPDATED', subscription.json, 'Subscription updated');
  }

  /** Charges the cycle due at next_billing_time: a sale and the next date, or a failure (suspended at the threshold). */
  function charge(json: Json, outcome: 'COMPLETED' | 'FAILED'): void {
    const plan = ctx.plans.get(json.plan_id)!;
    const cycle = regularCycle(plan);
    const price = cycle.pricing_scheme.fixed_price;
    const info = json.billing_info;
    const due = new Date(info.next_billing_time);
    touch(json);
    if (outcome === 'COMPLETED') {
      info.last_payment = { amount: price, time: due.toISOString() };
      info.next_billing_time = addInterval(due, cycle.frequency).toISOString();
      info.cycle_executions[0].cycles_completed += 1;
      info.failed_payments_count = 0;
      info.outstanding_balance = money('0.00', price.currency_code);
      delete info.last_failed_payment;
      const time = ctx.now().toISOString();
      const sale = {
        id: paypalId(),
        state: 'completed',
        amount: { total: price.value, currency: price.currency_code, details: { subtotal: price.value } },
        payment_mode: 'INSTANT_TRANSFER',
        protection_eligibility: 'ELIGIBLE',
        billing_agreement_id: json.id,
        custom: json.custom_id,
        create_time: time,
        update_time: time,
        links: [{ href: `${ctx.origin}/v1/payments/sale/${json.id}`, rel: 'self', method: 'GET' }],
      };
      ctx.notifier.emit(
        'PAYMENT.SALE.COMPLETED',
        'sale',
        sale,
        `Payment completed for $ ${price.value} ${price.currency_code}`,
      );
      return;
    }
    info.failed_payments_count += 1;
    info.outstanding_balance = price;
    info.last_failed_payment = { amount: price, time: ctx.now().toISOString(), reason_code: 'PAYMENT_DENIED' };
    emitSubscription('BILLING.SUBSCRIPTION.PAYMENT.FAILED', json, 'Subscription payment failed');
    const threshold = plan.payment_preferences?.payment_failure_threshold ?? 0;
    if (threshold > 0 && info.failed_payments_count >= threshold) {
      setStatus(json, 'SUSPENDED', 'Payment failure threshold reached');
      emitSubscription('BILLING.SUBSCRIPTION.SUSPENDED', json, 'Subscription suspended');
    }
  }

  /** Simulator only: the billing date arrived and the payment went through, or was declined. */
  router.add(
    'POST',
    '/simulator/subscriptions/:id/payments',
    (req, res) => {
      const { json } = subscriptionOf(req.params.id);
      const outcome = req.body.outcome === 'FAILED' ? 'FAILED' : 'COMPLETED';
      if (json.status !== 'ACTIVE')
        throw unprocessable('SUBSCRIPTION_STATUS_INVALID', `Invalid subscription status: ${json.status}.`);
      charge(json, outcome);
      sendJson(res, 200, json);
    },
    { open: true },
  );

  /** Simulator only: the subscription ran its course (PayPal sends BILLING.SUBSCRIPTION.EXPIRED). */
  router.add(
    'POST',
    '/simulator/subscriptions/:id/expire',
    (req, res) => {
      const { json } = subscriptionOf(req.params.id);
      setStatus(json, 'EXPIRED');
      if (json.billing_info) delete json.billing_info.next_billing_time;
      emitSubscription('BILLING.SUBSCRIPTION.EXPIRED', json, 'Subscription expired');
      sendJson(res, 200, json);
    },
    { open: true },
  );
}
