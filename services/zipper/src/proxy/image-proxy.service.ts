import { Inject, Injectable } from '@nestjs/common';
import { fileNameFromPattern, FIRST_FRAME_HEADER, type ProxyImageQuery } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream';
import { toAppException } from '../fetching/fetch-error.util';
import { imageDimensions } from '../fetching/image-dimensions.util';
import { MIME_TYPES } from '../fetching/image-signature.util';
import { makeThumbnail, saveImageAs } from '../fetching/image-transform.util';
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

/** GET /api/proxy-image: one remote image, streamed as it arrives, or a thumbnail of it, or saved in another format. */
@Injectable()
export class ImageProxyService {
  constructor(
    private readonly fetcher: RemoteImageFetcher,
    @Inject(ZIPPER_CONFIG) private readonly config: ZipperConfig,
  ) {}

  async send(query: ProxyImageQuery, req: Request, res: Response): Promise<void> {
    const thumbnail = query.w !== undefined;
    // A conversion, and a name from a pattern (it may hold {w} and {h}), need the whole image before the headers.
    const converting = query.format !== undefined && query.format !== 'original';
    const whole = thumbnail || converting || (query.download === true && query.naming !== undefined);
    const image = await this.fetcher.fetch(query.url, {
      sourceUrl: query.sourceUrl,
      signal: clientGone(res),
      conditional: whole ? undefined : conditionalHeaders(req.headers),
    });
    if (image.status === 304) {
      res.status(304).set(cachingHeaders(image.headers)).end();
      return;
    }
    if (!whole) {
      res
        .status(200)
        .set({ ...IMAGE_SAFETY_HEADERS, ...cachingHeaders(image.headers), 'content-type': image.mimeType });
      if (image.headers['content-length']) res.set('content-length', image.headers['content-length']);
      if (query.download)
        res.set('content-disposition', await this.disposition(query, savedExtension(query.url, image.format)));
      // Headers are out: a failure from here on can only cut the response short, which pipeline does by destroying it.
      pipeline(image.body, res, () => undefined);
      return;
    }
    const chunks = await image.chunks().catch((error: unknown) => Promise.reject(toAppException(error)));
    if (thumbnail) {
      const format = !query.format || query.format === 'original' ? 'webp' : query.format;
      const bytes = await makeThumbnail(Buffer.concat(chunks), query.w, format, this.config.IMAGE_MAX_PIXELS);
      res.status(200).set({
        ...IMAGE_SAFETY_HEADERS,
        ...variantCachingHeaders(image.headers, `w${query.w}.${format}`),
        'content-type': `image/${format}`,
      });
      if (query.download)
        res.set('content-disposition', await this.disposition(query, EXTENSION_OF_FORMAT[format], [bytes]));
      res.end(bytes);
      return;
    }
    const saved = await saveImageAs(chunks, image.format, query.format ?? 'original', this.config.IMAGE_MAX_PIXELS);
    const untouched = saved.chunks === chunks;
    res.status(200).set({
      ...IMAGE_SAFETY_HEADERS,
      ...(untouched ? cachingHeaders(image.headers) : variantCachingHeaders(image.headers, `as.${saved.format}`)),
      'content-type': MIME_TYPES[saved.format],
    });
    if (saved.firstFrameOnly) res.set(FIRST_FRAME_HEADER, '1');
    if (query.download) {
      const extension = untouched ? savedExtension(query.url, saved.format) : EXTENSION_OF_FORMAT[saved.format];
      res.set('content-disposition', await this.disposition(query, extension, saved.chunks));
    }
    res.end(saved.chunks.length === 1 ? saved.chunks[0] : Buffer.concat(saved.chunks));
  }

  /** The saved file's name: from the naming pattern when the page sent one, else `{host}-{base name}-{date}`. */
  private async disposition(query: ProxyImageQuery, extension: string, chunks?: Buffer[]): Promise<string> {
    if (!query.naming) return attachmentDisposition(imageDownloadName(query.url, extension, new Date()));
    const { width, height } = chunks ? await imageDimensions(chunks) : {};
    const name = fileNameFromPattern(query.naming, {
      index: (query.n ?? 1) - 1,
      url: query.url,
      alt: query.alt,
      width,
      height,
      pageUrl: query.sourceUrl,
    });
    return attachmentDisposition(`${name}.${extension}`);
  }
}
