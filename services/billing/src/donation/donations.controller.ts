import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  BillingErrorCode,
  createDonationRequestSchema,
  type CapturedDonation,
  type DonationOrder,
} from '@pixtract/contracts';
import type { Request } from 'express';
import { billingError } from '../billing-error';
import { callerOf } from '../caller';
import { DonationsService } from './donations.service';

const ORDER_ID = /^[A-Z0-9]{1,64}$/;

/** Visitors and members donate alike; a signed-in donor is remembered. */
@Controller('api/donations')
export class DonationsController {
  constructor(private readonly donations: DonationsService) {}

  @Post()
  @HttpCode(201)
  create(@Req() req: Request, @Body() body: unknown): Promise<DonationOrder> {
    const parsed = createDonationRequestSchema.safeParse(body);
    if (!parsed.success) throw billingError(BillingErrorCode.InvalidAmount, 400);
    return this.donations.create(parsed.data.amount, callerOf(req));
  }

  @Post(':orderId/capture')
  @HttpCode(200)
  capture(@Param('orderId') orderId: string): Promise<CapturedDonation> {
    if (!ORDER_ID.test(orderId)) throw billingError(BillingErrorCode.PaymentNotFound, 404);
    return this.donations.capture(orderId);
  }
}
