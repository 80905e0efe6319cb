import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { PaymentsConfig } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { AuthClient } from '../account/auth.client';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { BillingForwarder } from './billing-forwarder.service';

/**
 * Plans, subscriptions, donations and PayPal's webhook are the billing service's: the gateway forwards them,
 * stating who the caller is (auth identifies them from their cookies; billing has no session of its own).
 */
@Controller()
export class BillingController {
  constructor(
    private readonly billing: BillingForwarder,
    private readonly auth: AuthClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** What the web needs to load PayPal's JS SDK; the SDK's origin is also the one the page may load scripts from. */
  @Get('billing/config')
  paymentsConfig(): PaymentsConfig {
    return {
      clientId: this.config.PAYPAL_CLIENT_ID || null,
      sdkUrl: this.config.PAYPAL_SDK_URL,
      currency: 'USD',
      testPayments: this.config.PAYPAL_TEST_PAYMENTS,
    };
  }

  @Get('subscription-plans')
  plans(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.billing.forward(req, res, null);
  }

  /** PayPal's notifications: raw bytes (the gateway's body parser leaves this path alone), no identity. */
  @Post('billing/paypal/webhook')
  webhook(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.billing.forward(req, res, null);
  }

  @Post('donations/:orderId/capture')
  capture(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.billing.forward(req, res, null);
  }

  @Get('user/subscription')
  currentSubscription(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.asCaller(req, res);
  }

  @Post(['subscriptions/create', 'subscriptions/confirm', 'subscriptions/cancel', 'donations'])
  change(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.asCaller(req, res);
  }

  private async asCaller(req: Request, res: Response): Promise<void> {
    const { caller } = await this.auth.identify(req);
    return this.billing.forward(req, res, caller.userId);
  }
}
