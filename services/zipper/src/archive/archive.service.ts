import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  renditionInFormat,
  type DownloadImagesRequest,
  type Role,
  type SaveFormat,
} from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import archiver from 'archiver';
import type { Response } from 'express';
import { pipeline } from 'node:stream';
import { imageDimensions } from '../fetching/image-dimensions.util';
import { saveImageAs } from '../fetching/image-transform.util';
import { MIME_TYPES, type ImageFormat } from '../fetching/image-signature.util';
import { RemoteImageFetcher } from '../fetching/remote-image.fetcher';
import { attachmentDisposition, EXTENSION_OF_FORMAT, savedExtension } from '../naming/image-file-name.util';
import { ZIPPER_CONFIG, type ZipperConfig } from '../zipper.config';
import { archiveFileName } from './archive-naming.util';
import { ArchiveBuilder, type ArchiveCounts, type ArchiveItem, type FetchedImage } from './archive.builder';
import { ArchiveMetrics } from './archive.metrics';
import { ArchiveProgressPublisher } from './archive-progress.publisher';
import { SmallWriteBatcher } from './small-write-batcher.stream';

/** The seed's DEFLATE level for what is not stored. */
const DEFLATE_LEVEL = 5;

/** POST /api/download-images: the requested images as one ZIP, streamed while it is built. */
@Injectable()
export class ArchiveService {
  private readonly logger = new Logger(ArchiveService.name);

  constructor(
    private readonly fetcher: RemoteImageFetcher,
    @Inject(ZIPPER_CONFIG) private readonly config: ZipperConfig,
    private readonly metrics: ArchiveMetrics,
    private readonly progress: ArchiveProgressPublisher,
  ) {}

  /** `role` is the caller's plan as the gateway stated it: it sets how many images the archive may hold. */
  async send(request: DownloadImagesRequest, role: Role, res: Response): Promise<void> {
    const items: ArchiveItem[] = request.imageUrls.map((image) =>
      typeof image === 'string'
        ? { url: image, pageUrl: request.sourceUrl }
        : { url: image.fileUrl, alt: image.alt, pageUrl: image.pageUrl ?? request.sourceUrl, variants: image.variants },
    );
    if (items.length === 0) throw new AppException(ErrorCode.NoImagesToDownload, 400);
    const archive = this.startArchive(res, archiveFileName(request.sourceUrl, items[0].url, new Date()));
    const { downloadId } = request;
    const report = downloadId
      ? (counts: ArchiveCounts, finished = false) => this.progress.publish({ downloadId, ...counts, finished })
      : undefined;
    const builder = new ArchiveBuilder(
      archive,
      {
        role,
        maxImages: this.config.planQuotas[role].perExtraction,
        maxTotalBytes: this.config.ARCHIVE_MAX_TOTAL_BYTES,
        maxTimeMs: this.config.ARCHIVE_MAX_TIME_MS,
        parallelFetches: this.config.ARCHIVE_PARALLEL_FETCHES,
      },
      (item, signal) => this.fetchImage(item, request, signal),
      report,
      request.naming,
    );
    const client = new AbortController();
    res.once('close', () => res.writableFinished || client.abort(new Error('client disconnected')));
    try {
      await builder.build(items, request.sourceUrl, client.signal);
      await builder.finish(client.signal);
      report?.(builder.countsOf(items), true);
      this.metrics.record('completed', archive.pointer(), builder.failedImages);
    } catch (error) {
      // Headers are out: ending the response normally would hand the client a truncated file that looks whole.
      const abandoned = client.signal.aborted;
      if (!abandoned) this.logger.warn({ err: error }, 'archive failed after headers were sent');
      this.metrics.record(abandoned ? 'abandoned' : 'failed', archive.pointer(), builder.failedImages);
      client.abort(error);
      res.destroy(error as Error);
    }
  }

  private startArchive(res: Response, fileName: string): archiver.Archiver {
    const archive = archiver('zip', { zlib: { level: DEFLATE_LEVEL } });
    res.status(200).set({
      'content-type': 'application/zip',
      'content-disposition': attachmentDisposition(fileName),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    // Backpressure from the client's socket reaches the archive (and from it the builder) through the pipe.
    pipeline(archive, new SmallWriteBatcher(), res, () => undefined);
    return archive;
  }

  /**
   * The image as the request wants it saved. With a `format`, the page's own rendition in that format is fetched
   * when it offers one (no conversion); if that fails, the requested file is fetched and converted.
   */
  private async fetchImage(
    item: ArchiveItem,
    request: DownloadImagesRequest,
    signal: AbortSignal,
  ): Promise<FetchedImage> {
    const format = request.format;
    const rendition =
      format && format !== 'original'
        ? renditionInFormat({ fileUrl: item.url, variants: item.variants }, format)
        : undefined;
    if (rendition && rendition !== item.url) {
      const offered = await this.fetchAs(rendition, format!, request, signal).catch(() => undefined);
      if (offered) return offered;
    }
    return this.fetchAs(item.url, this.saveFormatOf(request), request, signal);
  }

  /** `format`, or the older `convert=jpg|png`, which converts only WebP and AVIF images. */
  private saveFormatOf(request: DownloadImagesRequest): (from: ImageFormat) => SaveFormat {
    if (request.format) return () => request.format!;
    const legacy = request.convert === 'jpg' ? 'jpeg' : request.convert;
    return (from) => (legacy && (from === 'webp' || from === 'avif') ? legacy : 'original');
  }

  private async fetchAs(
    url: string,
    format: SaveFormat | ((from: ImageFormat) => SaveFormat),
    request: DownloadImagesRequest,
    signal: AbortSignal,
  ): Promise<FetchedImage> {
    const image = await this.fetcher.fetch(url, { sourceUrl: request.sourceUrl, signal });
    if (image.status !== 200) throw new AppException(ErrorCode.UpstreamFailed, 502);
    const chunks = await image.chunks();
    const target = typeof format === 'function' ? format(image.format) : format;
    const saved = await saveImageAs(chunks, image.format, target, this.config.IMAGE_MAX_PIXELS);
    const untouched = saved.chunks === chunks;
    return {
      chunks: saved.chunks,
      size: saved.chunks.reduce((sum, chunk) => sum + chunk.length, 0),
      format: saved.format,
      mimeType: MIME_TYPES[saved.format],
      extension: untouched ? savedExtension(url, saved.format) : EXTENSION_OF_FORMAT[saved.format],
      firstFrameOnly: saved.firstFrameOnly,
      ...(await imageDimensions(saved.chunks)),
    };
  }
}
