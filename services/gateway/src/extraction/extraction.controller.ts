import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type {
  ExtractionAccepted,
  ExtractionResponse,
  ExtractionStillRunning,
  ExtractionView,
} from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { requestIdOf } from '@pixtract/service-kit';
import { QuotaGate } from '../quota/quota-gate.service';
import { ExtractionService } from './extraction.service';

@Controller()
export class ExtractionController {
  constructor(
    private readonly extractions: ExtractionService,
    private readonly quota: QuotaGate,
  ) {}

  /**
   * Asynchronous path used by the web app: progress follows over socket.io. 202 for a new extraction; 200 with
   * `reused` for the caller's own recent one of the same page (unless the body says `rerun`).
   */
  @Post('extractions')
  @HttpCode(202)
  async start(
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExtractionAccepted> {
    const accepted = await this.extractions.start(body, () => this.quota.caller(req, res), {
      requestId: requestIdOf(req),
      reuseRecent: true,
    });
    if (accepted.reused) res.status(200);
    return accepted;
  }

  /** Its owner's extraction; anyone else's is answered as unknown (404). */
  @Get('extractions/:id')
  async view(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExtractionView> {
    return this.extractions.view(id, await this.quota.caller(req, res));
  }

  /** The seed's synchronous contract for API clients; 202 with the id when the wait runs out. */
  @Post('extract-images')
  @HttpCode(200)
  async extractImages(
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ExtractionResponse | ExtractionStillRunning> {
    const outcome = await this.extractions.extractAndWait(body, () => this.quota.caller(req, res), requestIdOf(req));
    if (outcome.done) return outcome.response;
    res.status(202);
    return outcome.accepted;
  }
}
