import { Inject, Injectable, Logger } from '@nestjs/common';
import { HEADER_PROBE_BYTES, ImageHeader, readImageHeader } from '@pixtract/image-header';
import { SafeFetchError, SafeFetchPolicy } from '@pixtract/safe-fetch';
import { createHash } from 'node:crypto';
import { SAFE_FETCH_POLICY } from '../extractor.config';
import { CataloguedImage, markSameBytes } from './image-catalogue';
import { dataUriBytes } from './data-uri.util';
import { probeImage } from './image-probe.util';

/** The bytes of an image the page already received, when the browser can hand them over. */
export type ReceivedBody = (url: string) => Promise<Buffer | undefined>;

/** Header probes in flight per job: enough to hide latency, few enough not to hammer one site. */
const PROBE_CONCURRENCY = 8;

interface Measured {
  header?: ImageHeader;
  bytes?: number;
  contentType?: string;
  fingerprint?: string;
}

/**
 * Fills in what the collectors could not see: natural size and real type from the first bytes (data: URIs
 * decoded, loaded images from the browser's own copy, the rest by a Range probe), file size, and same-bytes
 * duplicates. Stops at the deadline; what was not measured by then stays unknown.
 */
@Injectable()
export class ImageMeasurerService {
  private readonly logger = new Logger(ImageMeasurerService.name);

  constructor(@Inject(SAFE_FETCH_POLICY) private readonly policy: SafeFetchPolicy) {}

  /** Answers the keys of images the SSRF rule refuses (private addresses): those are no images of the page. */
  async measure(images: CataloguedImage[], deadline: number, received?: ReceivedBody): Promise<Set<string>> {
    const refused = new Set<string>();
    const byKey = new Map<string, CataloguedImage>();
    for (const image of images) if (!image.duplicate && !byKey.has(image.key)) byKey.set(image.key, image);
    const measured = new Map<string, Measured>();
    const queue = [...byKey.values()];
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('measuring time is up')), Math.max(1, deadline - Date.now()));
    const work = async () => {
      for (let image = queue.shift(); image && !controller.signal.aborted; image = queue.shift()) {
        const result = await this.measureOne(image, controller.signal, received).catch((error: unknown) => {
          if (error instanceof SafeFetchError && error.status === 400) refused.add(image.key);
          this.logger.debug({ msg: 'image not measured', url: image.url.slice(0, 200), err: error });
          return undefined;
        });
        if (result) measured.set(image.key, result);
      }
    };
    try {
      await Promise.all(Array.from({ length: PROBE_CONCURRENCY }, work));
    } finally {
      clearTimeout(timer);
    }
    for (const image of images) {
      const result = measured.get(image.key);
      if (!result) continue;
      if (image.width === undefined && result.header?.width && result.header.height) {
        image.width = result.header.width;
        image.height = result.header.height;
      }
      image.mimeType = result.header?.mimeType ?? image.mimeType ?? (result.contentType?.startsWith('image/') ? result.contentType : undefined);
      image.bytes ??= result.bytes;
    }
    markSameBytes(images, (key) => measured.get(key)?.fingerprint);
    return refused;
  }

  private async measureOne(image: CataloguedImage, signal: AbortSignal, received?: ReceivedBody): Promise<Measured | undefined> {
    if (image.url.startsWith('data:')) {
      const bytes = dataUriBytes(image.url);
      return bytes && { header: readImageHeader(bytes), bytes: bytes.length, fingerprint: fingerprint(bytes, bytes.length) };
    }
    const body = await received?.(image.url);
    const header = body?.length ? readImageHeader(body.subarray(0, HEADER_PROBE_BYTES)) : undefined;
    if (body && header) return { header, bytes: body.length, fingerprint: fingerprint(body, body.length) };
    const probed = await probeImage(image.url, this.policy, signal);
    return probed && { header: probed.header, bytes: probed.bytes, contentType: probed.contentType, fingerprint: probed.bytes ? fingerprint(probed.prefix, probed.bytes) : undefined };
  }
}

/** Same length and same first bytes (all of them for small files) is the same image. */
function fingerprint(bytes: Buffer, total: number): string {
  return `${total}:${createHash('sha1').update(bytes.subarray(0, HEADER_PROBE_BYTES)).digest('hex')}`;
}
