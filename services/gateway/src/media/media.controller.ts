import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ARCHIVE_GRANTED_HEADER, ARCHIVE_PLAN_HEADER, crawlDownloadRequestSchema } from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { AuthClient } from '../account/auth.client';
import { crawlArchiveImages } from '../crawl/crawl-archive';
import { CrawlService } from '../crawl/crawl.service';
import { ZipperForwarder } from './zipper-forwarder.service';

/** A body naming a crawl asks for images of the crawl's archive. */
const isCrawlDownload = (body: unknown): body is { crawlId: unknown } =>
  typeof body === 'object' && body !== null && 'crawlId' in body;

/** The media routes are the zipper's: the gateway, the only public origin, forwards them as they are. */
@Controller()
export class MediaController {
  constructor(
    private readonly zipper: ZipperForwarder,
    private readonly auth: AuthClient,
    private readonly crawls: CrawlService,
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
    const stated = { [ARCHIVE_PLAN_HEADER]: caller.limits.role };
    if (!isCrawlDownload(req.body)) return this.zipper.forward(req, res, stated);
    // A crawl's archive: the chosen images of its owner's stored result, as the list the zipper knows (with pages).
    const { crawlId, imageUrls: chosen, pageUrl, ...options } = parseWith(crawlDownloadRequestSchema, req.body);
    const { startUrl, files } = await this.crawls.view(crawlId, caller);
    // No choice: every image the crawl found (a picture on several pages once).
    const addresses = chosen ?? files.filter((file) => !file.duplicate).map((file) => file.fileUrl);
    req.body = { ...options, sourceUrl: startUrl, imageUrls: crawlArchiveImages(files, addresses, pageUrl) };
    // The crawl's charged images cap its archive, whatever the choice.
    const granted = files.filter((file) => !file.duplicate).length;
    return this.zipper.forward(req, res, { ...stated, [ARCHIVE_GRANTED_HEADER]: String(granted) });
  }
}
