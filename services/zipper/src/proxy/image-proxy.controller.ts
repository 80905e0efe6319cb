import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { proxyImageQuerySchema } from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { ScreenshotService } from '../screenshot/screenshot.service';
import { ImageProxyService } from './image-proxy.service';

@Controller('api')
export class ImageProxyController {
  constructor(
    private readonly images: ImageProxyService,
    private readonly screenshots: ScreenshotService,
  ) {}

  /** `?url=` an image (optionally `w=`, `format=`, `download=1`, `sourceUrl=`), or `&fullpage=true` for the page's screenshot. */
  @Get('proxy-image')
  async proxyImage(@Query() query: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const parsed = parseWith(proxyImageQuerySchema, query);
    await (parsed.fullpage ? this.screenshots.send(parsed.url, res) : this.images.send(parsed, req, res));
  }
}
