import { Inject, Injectable } from '@nestjs/common';
import {
  SCREENSHOT_CACHE_SECONDS,
  screenshotBoxesKey,
  screenshotCacheKey,
  ScreenshotJobResult,
} from '@pixtract/contracts';
import { checkUrl, SafeFetchPolicy } from '@pixtract/safe-fetch';
import { REDIS } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { BrowserPoolService } from '../browser/browser-pool.service';
import { PageActivity } from '../browser/page-activity';
import { findImages, IMAGE_COLLECTORS, ImageCollector } from '../extraction/collectors/image-collector.interface';
import { waitUntilQuiet } from '../extraction/browser-visit/page-settle.util';
import { snapshotRenderedPage } from '../extraction/snapshot/browser-snapshot';
import { EXTRACTOR_CONFIG, ExtractorConfig, SAFE_FETCH_POLICY } from '../extractor.config';
import { imageBoxes } from './image-boxes';

const SETTLE_MS = 3_000;

/**
 * A full-page screenshot: the page rendered like an extraction (guard proxy, fresh context, fonts blocked), the
 * height capped at SCREENSHOT_MAX_HEIGHT_PX, JPEG-compressed, and stored in Redis for SCREENSHOT_CACHE_SECONDS
 * under the URL's cache key, where the zipper serves it from — with where each image sits in it, found by the
 * extraction's own collectors on the same render.
 */
@Injectable()
export class ScreenshotService {
  constructor(
    private readonly browsers: BrowserPoolService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SAFE_FETCH_POLICY) private readonly policy: SafeFetchPolicy,
    @Inject(EXTRACTOR_CONFIG) private readonly config: ExtractorConfig,
    @Inject(IMAGE_COLLECTORS) private readonly collectors: ImageCollector[],
  ) {}

  async capture(url: string): Promise<ScreenshotJobResult> {
    const deadline = Date.now() + this.config.EXTRACTOR_JOB_TIMEOUT_MS;
    await checkUrl(url, this.policy);
    const session = await this.browsers.openPage();
    const timer = setTimeout(() => void session.close(), this.config.EXTRACTOR_JOB_TIMEOUT_MS);
    try {
      const { page } = session;
      const activity = new PageActivity(page);
      const response = await page.goto(url, { waitUntil: 'load', timeout: Math.max(1, (deadline - Date.now()) / 2) });
      // A picture of an error page (the site's 404, a refusal) is not the page the visitor asked about: the web
      // shows 'Screenshot Failed' with Try Again instead. No answer at all (a host that cannot be reached) throws.
      if (!response?.ok()) throw new Error(`screenshot refused: the page answered ${response?.status() ?? 'nothing'}`);
      await waitUntilQuiet(page, activity, SETTLE_MS);
      const size = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return {
          width: Math.max(1, Math.min(root.scrollWidth, window.innerWidth)),
          height: Math.max(1, root.scrollHeight),
        };
      });
      const height = Math.min(size.height, this.config.SCREENSHOT_MAX_HEIGHT_PX);
      const image = await page.screenshot({
        type: 'jpeg',
        quality: this.config.SCREENSHOT_JPEG_QUALITY,
        fullPage: true,
        clip: { x: 0, y: 0, width: size.width, height },
        timeout: Math.max(1, deadline - Date.now()),
      });
      const rendered = await snapshotRenderedPage(page);
      const snapshot = { url: page.url(), elements: rendered.elements, stylesheets: [], network: [] };
      const boxes = imageBoxes(findImages(this.collectors, snapshot), height);
      const cacheKey = screenshotCacheKey(url);
      // Boxes first, in one transaction: whoever sees the screenshot finds its boxes.
      await this.redis
        .multi()
        .set(screenshotBoxesKey(url), JSON.stringify({ boxes }), 'EX', SCREENSHOT_CACHE_SECONDS)
        .set(cacheKey, image, 'EX', SCREENSHOT_CACHE_SECONDS)
        .exec();
      return { cacheKey, contentType: 'image/jpeg', bytes: image.length, width: size.width, height };
    } finally {
      clearTimeout(timer);
      await session.close();
    }
  }
}
