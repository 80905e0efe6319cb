import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { CrawlAccepted, CrawlView } from '@pixtract/contracts';
import { requestIdOf } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { QuotaGate } from '../quota/quota-gate.service';
import { CrawlService } from './crawl.service';

@Controller()
export class CrawlController {
  constructor(
    private readonly crawls: CrawlService,
    private readonly quota: QuotaGate,
  ) {}

  /** 202 with the id; progress follows over socket.io (`crawl:follow`) or GET /api/crawls/{id}. */
  @Post('crawls')
  @HttpCode(202)
  start(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CrawlAccepted> {
    return this.crawls.start(body, () => this.quota.caller(req, res), requestIdOf(req));
  }

  /** Its owner's crawl; anyone else's is answered as unknown (404). */
  @Get('crawls/:id')
  async view(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CrawlView> {
    return this.crawls.view(id, await this.quota.caller(req, res));
  }

  @Post('crawls/:id/stop')
  @HttpCode(200)
  async stop(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CrawlView> {
    return this.crawls.stop(id, await this.quota.caller(req, res));
  }

  /** "Run again": a new crawl of the same request. */
  @Post('crawls/:id/rerun')
  @HttpCode(202)
  rerun(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CrawlAccepted> {
    return this.crawls.rerun(id, () => this.quota.caller(req, res), requestIdOf(req));
  }
}
