import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ARCHIVE_PLAN_HEADER } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { AuthClient } from '../account/auth.client';
import { ZipperForwarder } from './zipper-forwarder.service';

/** The media routes are the zipper's: the gateway, the only public origin, forwards them as they are. */
@Controller()
export class MediaController {
  constructor(
    private readonly zipper: ZipperForwarder,
    private readonly auth: AuthClient,
  ) {}

  /**
   * GET /api/proxy-image?url=… (w=, format=, download=1, sourceUrl=, fullpage=true), and GET
   * /api/screenshot-boxes?url=… (where the images sit in the page's cached screenshot): forwarded as they are.
   */
  @Get(['proxy-image', 'screenshot-boxes'])
  media(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.zipper.forward(req, res);
  }

  /**
   * POST /api/download-images: the seed's form post (imageUrls JSON text, sourceUrl) or JSON; answers a streamed ZIP.
   * The caller's plan, as auth knows it from their cookies, sets how many images the archive may hold.
   */
  @Post('download-images')
  async downloadImages(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { caller } = await this.auth.identify(req);
    return this.zipper.forward(req, res, { [ARCHIVE_PLAN_HEADER]: caller.limits.role });
  }
}
