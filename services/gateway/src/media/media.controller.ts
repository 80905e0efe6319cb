import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ZipperForwarder } from './zipper-forwarder.service';

/** The media routes are the zipper's: the gateway, the only public origin, forwards them as they are. */
@Controller()
export class MediaController {
  constructor(private readonly zipper: ZipperForwarder) {}

  /** GET /api/proxy-image?url=… (w=, format=, download=1, sourceUrl=, fullpage=true). */
  @Get('proxy-image')
  proxyImage(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.zipper.forward(req, res);
  }

  /** POST /api/download-images: the seed's form post (imageUrls JSON text, sourceUrl) or JSON; answers a streamed ZIP. */
  @Post('download-images')
  downloadImages(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.zipper.forward(req, res);
  }
}
