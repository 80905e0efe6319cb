import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  cancelSubscriptionRequestSchema,
  confirmSubscriptionRequestSchema,
  createSubscriptionRequestSchema,
  type SubscriptionApproval,
  type UserSubscription,
} from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import type { Request } from 'express';
import { memberOf } from '../caller';
import { SubscriptionsService } from './subscriptions.service';

/** The member's subscription; the caller is the user the gateway states. */
@Controller('api')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('user/subscription')
  current(@Req() req: Request): Promise<UserSubscription> {
    return this.subscriptions.current(memberOf(req));
  }

  @Post('subscriptions/create')
  @HttpCode(201)
  create(@Req() req: Request, @Body() body: unknown): Promise<SubscriptionApproval> {
    const userId = memberOf(req, true);
    return this.subscriptions.create(userId, parseWith(createSubscriptionRequestSchema, body));
  }

  @Post('subscriptions/confirm')
  @HttpCode(200)
  confirm(@Req() req: Request, @Body() body: unknown): Promise<UserSubscription> {
    const userId = memberOf(req, true);
    return this.subscriptions.confirm(userId, parseWith(confirmSubscriptionRequestSchema, body).subscriptionId);
  }

  @Post('subscriptions/cancel')
  @HttpCode(200)
  cancel(@Req() req: Request, @Body() body: unknown): Promise<UserSubscription> {
    const userId = memberOf(req);
    return this.subscriptions.cancel(userId, parseWith(cancelSubscriptionRequestSchema, body));
  }
}
