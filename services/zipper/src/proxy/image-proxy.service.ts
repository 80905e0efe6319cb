import { Inject, Injectable } from '@nestjs/common';
import type { ProxyImageQuery } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream';
import { toAppException } from '../fetching/fetch-error.util';
import { makeThumbnail } from '../fetching/image-transform.util';
import { RemoteImageFetcher } from '../fetching/remote-image.fetcher';
import {
  EXTENSION_OF_FORMAT,
  attachmentDisposition,
  imageDownloadName,
  savedExtension,
} from '../naming/image-file-name.util';
import { ZIPPER_CONFIG, type ZipperConfig } from '../zipper.config';
import {
  IMAGE_SAFETY_HEADERS,
  cachingHeaders,
  conditionalHeaders,
  variantCachingHeaders,
} from './image-response-headers.util';

/** Aborted when the client goes away before the answer is complete, so the upstream fetch stops with it. */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => res.writableFinished || controller.abort(new Error('client disconnected')));
  return controller.signal;
}

/** GET /api/proxy-image: one remote image, streamed as it arrives, or a thumbnail of it. */
@Injectable()
export class ImageProxyService {
  constructor(
    private readonly fetcher: RemoteImageFetcher,
    @Inject(ZIPPER_CONFIG) private readonly config: ZipperConfig,
  ) {}

  async send(query: ProxyImageQuery, req: Request, res: Response): Promise<void> {
    const thumbnail = query.w !== undefined || query.format !== undefined;
    const image = await this.fetcher.fetch(query.url, {
      sourceUrl: query.sourceUrl,
      signal: clientGone(res),
      conditional: thumbnail ? undefined : conditionalHeaders(req.headers),
    });
    if (image.status === 304) {
      res.status(304).set(cachingHeaders(image.headers)).end();
      return;
    }
    if (thumbnail) {
      const format = query.format ?? 'webp';
      const original = Buffer.concat(
        await image.chunks().catch((error: unknown) => Promise.reject(toAppException(error))),
      );
      const bytes = await makeThumbnail(original, query.w, format, this.config.IMAGE_MAX_PIXELS);
      res.status(200).set({
        ...IMAGE_SAFETY_HEADERS,
        ...variantCachingHeaders(image.headers, `w${query.w ?? 0}.${format}`),
        'content-type': `image/${format}`,
      });
      if (query.download)
        res.set(
          'content-disposition',
          attachmentDisposition(imageDownloadName(query.url, EXTENSION_OF_FORMAT[format], new Date())),
        );
      res.end(bytes);
      return;
    }
    res.status(200).set({ ...IMAGE_SAFETY_HEADERS, ...cachingHeaders(image.headers), 'content-type': image.mimeType });
    if (image.headers['content-length']) res.set('content-length', image.headers['content-length']);
    if (query.download) {
      res.set(
        'content-disposition',
        attachmentDisposition(imageDownloadName(query.url, savedExtension(query.url, image.format), new Date())),
      );
    }
    // Headers are out: a failure from here on can only cut the response short, which pipeline does by destroying it.
    pipeline(image.body, res, () => undefined);
  }
}
