import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Health, Readiness } from '@pixtract/contracts';
import type { Response } from 'express';
import { READINESS_CHECKS, ReadinessCheck } from './readiness';
import { withinTime } from './within-time';

const CHECK_TIMEOUT_MS = 2000;

@Controller()
export class HealthController {
  constructor(@Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[]) {}

  /** Liveness: the process answers. */
  @Get('health')
  @HttpCode(200)
  health(): Health {
    return { status: 'ok' };
  }

  /** Readiness: every dependency this service owns answers within the timeout. */
  @Get('ready')
  async ready(@Res() res: Response) {
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        try {
          await withinTime(check(), CHECK_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    const readiness: Readiness = { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) };
    res.status(ready ? 200 : 503).json(readiness);
  }
}
