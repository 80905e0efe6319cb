import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  ApplicationContextUserAction,
  ExperienceContextShippingPreference,
  CheckoutPaymentIntent,
  OrdersController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  SubscriptionPlanStatus,
  SubscriptionsController,
  type Client,
  type OAuthToken,
  type Order,
  type PlanRequest,
  type Subscription,
} from '@paypal/paypal-server-sdk';
import { z } from 'zod';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { createPayPalSdk } from './paypal-sdk';

/** PayPal refused or could not be reached; `issue` is the first detail's issue (ORDER_NOT_APPROVED…). */
export class PayPalApiError extends Error {
  override readonly name = 'PayPalApiError';

  constructor(
    readonly status: number,
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN_SKEW_S = 60n;
const REST_TIMEOUT_MS = 15_000;

const errorBodySchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
});
const verificationSchema = z.object({ verification_status: z.enum(['SUCCESS', 'FAILURE']) });
const approveLink = (links: Array<{ rel: string; href: string }> | undefined) =>
  links?.find((link) => link.rel === 'approve' || link.rel === 'payer-action')?.href;

export interface WebhookVerificationRequest {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  event: unknown;
}

/**
 * PayPal's REST API as billing uses it: the server SDK for billing plans, subscriptions and orders; plain REST for
 * what the SDK does not cover (catalog products, webhook signature verification). Every failure is a PayPalApiError.
 */
@Injectable()
export class PayPalClient {
  private readonly sdk: Client | null;
  private readonly apiBase: string;
  private token: OAuthToken | undefined;
  private tokenRequest: Promise<OAuthToken> | undefined;

  constructor(@Inject(BILLING_CONFIG) config: BillingConfig) {
    this.apiBase = new URL(config.PAYPAL_API_BASE).origin;
    this.sdk =
      config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
        ? createPayPalSdk(
            this.apiBase,
            { clientId: config.PAYPAL_CLIENT_ID, clientSecret: config.PAYPAL_CLIENT_SECRET },
            (_last, fetchToken) => this.sharedToken(fetchToken),
          )
        : null;
  }

  /** Credentials are set: payments can be made. */
  get configured(): boolean {
    return this.sdk !== null;
  }

  async ensureProduct(product: { id: string; name: string; description: string }): Promise<void> {
    const found = await this.rest('GET', `/v1/catalogs/products/${product.id}`).catch((error: unknown) => {
      if (error instanceof PayPalApiError && error.status === 404) return undefined;
      throw error;
    });
    if (!found)
      await this.rest(
        'POST',
        '/v1/catalogs/products',
        { ...product, type: 'SERVICE', category: 'SOFTWARE' },
        product.id,
      );
  }

  /** The id of the product's active plan with this description, if PayPal has one. */
  async findPlan(productId: string, description: string): Promise<string | undefined> {
    for (let page = 1; page <= 20; page++) {
      const { result } = await this.call(() => this.subscriptions.listBillingPlans({ productId, page, pageSize: 20 }));
      const plans = result.plans ?? [];
      const match = plans.find(
        (plan) => plan.description === description && plan.status === SubscriptionPlanStatus.Active,
      );
      if (match?.id) return match.id;
      if (plans.length < 20) return undefined;
    }
    return undefined;
  }

  async createPlan(body: PlanRequest, requestId: string): Promise<string> {
    const { result } = await this.call(() =>
      this.subscriptions.createBillingPlan({ body, paypalRequestId: requestId, prefer: 'return=representation' }),
    );
    if (!result.id) throw new PayPalApiError(502, undefined, 'PayPal created a plan without an id');
    return result.id;
  }

  /** A subscription waiting for the buyer, with its approve link. */
  async createSubscription(request: {
    planId: string;
    customId: string;
    returnUrl: string;
    cancelUrl: string;
    requestId: string;
  }): Promise<{ id: string; approvalUrl: string }> {
    const { result } = await this.call(() =>
      this.subscriptions.createSubscription({
        paypalRequestId: request.requestId,
        prefer: 'return=representation',
        body: {
          planId: request.planId,
          customId: request.customId,
          applicationContext: {
            brandName: 'Pixtract',
            shippingPreference: ExperienceContextShippingPreference.NoShipping,
            userAction: ApplicationContextUserAction.SubscribeNow,
            returnUrl: request.returnUrl,
            cancelUrl: request.cancelUrl,
          },
        },
      }),
    );
    const approvalUrl = approveLink(result.links);
    if (!result.id || !approvalUrl)
      throw new PayPalApiError(502, undefined, 'PayPal answered a subscription without an approve link');
    return { id: result.id, approvalUrl };
  }

  async getSubscription(id: string): Promise<Subscription> {
    return (await this.call(() => this.subscriptions.getSubscription({ id }))).result;
  }

  async cancelSubscription(id: string, reason: string): Promise<void> {
    await this.call(() => this.subscriptions.cancelSubscription({ id, body: { reason } }));
  }

  /** A plan change; the buyer approves the new price at the answered link. */
  async reviseSubscription(id: string, planId: string, returnUrl: string, cancelUrl: string): Promise<string> {
    const { result } = await this.call(() =>
      this.subscriptions.reviseSubscription({
        id,
        body: {
          planId,
          applicationContext: {
            brandName: 'Pixtract',
            shippingPreference: ExperienceContextShippingPreference.NoShipping,
            returnUrl,
            cancelUrl,
          },
        },
      }),
    );
    const approvalUrl = approveLink(result.links);
    if (!approvalUrl) throw new PayPalApiError(502, undefined, 'PayPal answered a plan change without an approve link');
    return approvalUrl;
  }

  /** Orders v2 for a donation: captured by billing once the buyer approved it, nothing shipped. */
  async createOrder(request: {
    value: string;
    currency: string;
    description: string;
    requestId: string;
  }): Promise<string> {
    const { result } = await this.call(() =>
      this.orders.createOrder({
        paypalRequestId: request.requestId,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            { amount: { currencyCode: request.currency, value: request.value }, description: request.description },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                brandName: 'Pixtract',
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                userAction: PaypalExperienceUserAction.PayNow,
              },
            },
          },
        },
      }),
    );
    if (!result.id) throw new PayPalApiError(502, undefined, 'PayPal created an order without an id');
    return result.id;
  }

  async captureOrder(id: string, requestId: string): Promise<Order> {
    return (
      await this.call(() =>
        this.orders.captureOrder({ id, paypalRequestId: requestId, prefer: 'return=representation' }),
      )
    ).result;
  }

  async getOrder(id: string): Promise<Order> {
    return (await this.call(() => this.orders.getOrder({ id }))).result;
  }

  /** PayPal's own check of a webhook's signature (the postback), for when billing cannot check it itself. */
  async verifyWebhookSignature(request: WebhookVerificationRequest): Promise<boolean> {
    const answer = await this.rest('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: request.authAlgo,
      cert_url: request.certUrl,
      transmission_id: request.transmissionId,
      transmission_sig: request.transmissionSig,
      transmission_time: request.transmissionTime,
      webhook_id: request.webhookId,
      webhook_event: request.event,
    });
    return verificationSchema.parse(answer).verification_status === 'SUCCESS';
  }

  private get subscriptions(): SubscriptionsController {
    return new SubscriptionsController(this.client());
  }

  private get orders(): OrdersController {
    return new OrdersController(this.client());
  }

  private client(): Client {
    if (!this.sdk) throw new PayPalApiError(503, 'NOT_CONFIGURED', 'PayPal credentials are not configured');
    return this.sdk;
  }

  /** One token for the SDK and the REST calls, fetched once when missing or about to expire. */
  private async sharedToken(fetchToken: () => Promise<OAuthToken>): Promise<OAuthToken> {
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (this.token?.expiry !== undefined && this.token.expiry - TOKEN_SKEW_S > now) return this.token;
    this.tokenRequest ??= fetchToken().finally(() => (this.tokenRequest = undefined));
    this.token = await this.tokenRequest;
    return this.token;
  }

  private async rest(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<unknown> {
    const sdk = this.client();
    const token = await this.call(() => this.sharedToken(() => sdk.clientCredentialsAuthManager.fetchToken()));
    let answer: Response;
    try {
      answer = await fetch(`${this.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token.accessToken}`,
          'content-type': 'application/json',
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PayPalApiError(503, 'UNREACHABLE', `PayPal could not be reached: ${(error as Error).message}`);
    }
    const text = await answer.text();
    if (!answer.ok) throw paypalError(answer.status, text);
    return text ? JSON.parse(text) : undefined;
  }

  /** Runs an SDK call, turning its errors (HTTP or network) into PayPalApiError. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof PayPalApiError) throw error;
      if (error instanceof ApiError)
        throw paypalError(error.statusCode, typeof error.body === 'string' ? error.body : '');
      throw new PayPalApiError(503, 'UNREACHABLE', `PayPal could not be reached: ${(error as Error).message}`);
    }
  }
}

function paypalError(status: number, text: string): PayPalApiError {
  let parsed: z.infer<typeof errorBodySchema> = {};
  try {
    parsed = errorBodySchema.parse(JSON.parse(text));
  } catch {
    // Not PayPal's error shape: the status says enough.
  }
  return new PayPalApiError(
    status,
    parsed.details?.[0]?.issue ?? parsed.name,
    parsed.message ?? `PayPal answered ${status}`,
  );
}
