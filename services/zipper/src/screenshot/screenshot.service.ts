import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  ScreenshotBoxes,
  screenshotBoxesKey,
  screenshotBoxesSchema,
  screenshotCacheKey,
} from '@pixtract/contracts';
import { checkUrl, checkUrlSyntax, type SafeFetchPolicy } from '@pixtract/safe-fetch';
import { AppException, REDIS } from '@pixtract/service-kit';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { toAppException } from '../fetching/fetch-error.util';
import { SAFE_FETCH_POLICY } from '../fetching/fetch-policy.provider';
import { MIME_TYPES, sniffImageFormat } from '../fetching/image-signature.util';
import { IMAGE_SAFETY_HEADERS } from '../proxy/image-response-headers.util';
import { ZIPPER_CONFIG, type ZipperConfig } from '../zipper.config';
import { ScreenshotQueue } from './screenshot.queue';

/**
 * GET /api/proxy-image?fullpage=true: the page's screenshot from the cache, else rendered by an extractor worker;
 * GET /api/screenshot-boxes: where the images sit in it.
 */
@Injectable()
export class ScreenshotService {
  private readonly logger = new Logger(ScreenshotService.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SAFE_FETCH_POLICY) private readonly policy: SafeFetchPolicy,
    @Inject(ZIPPER_CONFIG) private readonly config: ZipperConfig,
    private readonly queue: ScreenshotQueue,
  ) {}

  async send(pageUrl: string, res: Response): Promise<void> {
    // The worker's browser is guarded too; checking here answers a hostile address with a 4xx at once.
    const url = (await this.guarded(() => checkUrl(pageUrl, this.policy))).href;
    const cacheKey = screenshotCacheKey(url);
    const bytes = (await this.redis.getBuffer(cacheKey)) ?? (await this.render(cacheKey, url));
    const format = sniffImageFormat(bytes);
    if (!format || format === 'svg') throw new AppException(ErrorCode.ScreenshotFailed, 502);
    res
      .status(200)
      .set({ ...IMAGE_SAFETY_HEADERS, 'content-type': MIME_TYPES[format], 'cache-control': 'private, max-age=900' })
      .end(bytes);
  }

  /**
   * Where the images sit in the page's cached screenshot; none when it is not cached (or was stored without them).
   * A cache read fetches nothing: the URL's syntax (and literal addresses) is checked, its name is not resolved.
   */
  async boxes(pageUrl: string): Promise<ScreenshotBoxes> {
    const url = await this.guarded(() => checkUrlSyntax(pageUrl, this.policy));
    const stored = await this.redis.get(screenshotBoxesKey(url.href));
    try {
      return screenshotBoxesSchema.parse(JSON.parse(stored ?? 'null'));
    } catch {
      return { boxes: {} };
    }
  }

  /** A URL check whose refusal is the catalogue's 4xx. */
  private async guarded<T>(check: () => T | Promise<T>): Promise<T> {
    try {
      return await check();
    } catch (error) {
      throw toAppException(error);
    }
  }

  private async render(cacheKey: string, url: string): Promise<Buffer> {
    // A job that finished (and was removed) before the wait began reads as failed: the cache has the last word.
    await this.queue
      .render(cacheKey, { url }, this.config.SCREENSHOT_WAIT_MS)
      .catch((error: unknown) => this.logger.warn({ err: error, url }, 'screenshot job did not succeed'));
    const bytes = await this.redis.getBuffer(cacheKey);
    if (!bytes) throw new AppException(ErrorCode.ScreenshotFailed, 502);
    return bytes;
  }
}
