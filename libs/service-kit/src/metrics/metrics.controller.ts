import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { MetricsRegistry } from './metrics.registry';

/** GET /metrics on the service's own port, for services whose port is internal (every one but the gateway). */
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  @Get('metrics')
  async scrape(@Res() res: Response): Promise<void> {
    res.type(this.metrics.contentType).send(await this.metrics.exposition());
  }
}
