import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { ExtractionAccepted, ExtractionResponse, ExtractionStillRunning, ExtractionView } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { QuotaGate } from '../quota/quota-gate.service';
import { ExtractionService } from './extraction.service';

@Controller()
export class ExtractionController {
  constructor(
    private readonly extractions: ExtractionService,
    private readonly quota: QuotaGate,
  ) {}

  /** Asynchronous path used by the web app: progress follows over socket.io. */
  @Post('extractions')
  @HttpCode(202)
  start(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ExtractionAccepted> {
    return this.extractions.start(body, () => this.quota.admit(req, res), String(req.id));
  }

  @Get('extractions/:id')
  view(@Param('id') id: string): Promise<ExtractionView> {
    return this.extractions.view(id);
  }

  /** The seed's synchronous contract for API clients; 202 with the id when the wait runs out. */
  @Post('extract-images')
  @HttpCode(200)
  async extractImages(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ExtractionResponse | ExtractionStillRunning> {
    const outcome = await this.extractions.extractAndWait(body, () => this.quota.admit(req, res), String(req.id));
    if (outcome.done) return outcome.response;
    res.status(202);
    return outcome.accepted;
  }
}
