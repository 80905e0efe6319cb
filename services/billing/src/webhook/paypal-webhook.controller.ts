import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ErrorCode, PAYPAL_WEBHOOK_PATH, type WebhookReceipt } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { Request } from 'express';
import { PayPalWebhooksService } from './paypal-webhooks.service';
import { readRawBody } from './raw-body';

/** PayPal's events are small; anything larger is not one. */
const WEBHOOK_MAX_BYTES = 512 * 1024;

/** POST /api/billing/paypal/webhook: PayPal's notifications, read as raw bytes for the signature. */
@Controller()
export class PayPalWebhookController {
  constructor(private readonly webhooks: PayPalWebhooksService) {}

  @Post(PAYPAL_WEBHOOK_PATH.slice(1))
  @HttpCode(200)
  async receive(@Req() req: Request): Promise<WebhookReceipt> {
    const raw = await readRawBody(req, WEBHOOK_MAX_BYTES);
    if (!raw) throw new AppException(ErrorCode.PayloadTooLarge, 413);
    return { received: true, ...(await this.webhooks.receive(raw, req.headers)) };
  }
}
