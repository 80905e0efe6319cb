import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { parseWith } from '@pixtract/service-kit';
import { z } from 'zod';
import { CLOCK, type OffsetClock } from '../clock';
import { SubscriptionSweep } from '../subscription/subscription-sweep.service';

const advanceSchema = z
  .object({ days: z.number().positive().max(3650).optional(), ms: z.number().int().positive().optional() })
  .refine((body) => body.days !== undefined || body.ms !== undefined, 'days or ms is required');

/**
 * Test payments only (BILLING_TEST_CLOCK=1, refused in production; never routed by the gateway): moves billing's
 * clock forward and runs the sweep at once, so a test can pass the end of a paid period. The code that runs is
 * the production sweep; only the clock it reads is moved.
 */
@Controller('internal/test-clock')
export class TestClockController {
  constructor(
    @Inject(CLOCK) private readonly clock: OffsetClock,
    private readonly sweep: SubscriptionSweep,
  ) {}

  @Post('advance')
  @HttpCode(200)
  async advance(@Body() body: unknown): Promise<{ now: string; changedUsers: number }> {
    const { days = 0, ms = 0 } = parseWith(advanceSchema, body);
    const now = this.clock.advance(ms + days * 86_400_000);
    return { now: now.toISOString(), changedUsers: await this.sweep.sweep() };
  }
}
