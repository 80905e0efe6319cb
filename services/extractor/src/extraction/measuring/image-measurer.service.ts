import { Inject, Injectable, Logger } from '@nestjs/common';
import { HEADER_PROBE_BYTES, readImageHeader } from '@pixtract/image-header';
import { SafeFetchPolicy } from '@pixtract/safe-fetch';
import { createHash } from 'node:crypto';
import { SAFE_FETCH_POLICY } from '../../extractor.config';
import type { CataloguedImage } from '../catalogue/image-catalogue';
import { dataUriImage } from '../image-address/data-uri.util';
import { probeImage } from './image-probe.util';
import { Measured, MeasuringSession } from './measuring-session';

/** The bytes of an image the page already received, when the browser can hand them over. */
export type ReceivedBody = (url: string) => Promise<Buffer | undefined>;

/**
 * Fills in what the collectors could not see: natural size and real type from the first bytes (data: URIs
 * decoded, loaded images from the browser's own copy, the rest by a Range probe), file size, and same-bytes
 * duplicates — through a per-job MeasuringSession that stops at the deadline; what was not measured by then stays
 * unknown. A data: URI holding no image (no readable header) is dropped, like a file that is gone.
 */
@Injectable()
export class ImageMeasurerService {
  private readonly logger = new Logger(ImageMeasurerService.name);

  constructor(@Inject(SAFE_FETCH_POLICY) private readonly policy: SafeFetchPolicy) {}

  /** `policy`: what the probes go out under (a crawl's names Pixtract); the service's by default. */
  start(deadline: number, policy = this.policy, received?: ReceivedBody): MeasuringSession {
    return new MeasuringSession(
      (image, signal) => this.measureOne(image, signal, policy, received),
      deadline,
      (image, error) => this.logger.debug({ msg: 'image not measured', url: image.url.slice(0, 200), err: error }),
    );
  }

  private async measureOne(
    image: CataloguedImage,
    signal: AbortSignal,
    policy: SafeFetchPolicy,
    received?: ReceivedBody,
  ): Promise<Measured | undefined> {
    if (image.url.startsWith('data:')) {
      const data = dataUriImage(image.url);
      return data
        ? { header: data.header, bytes: data.bytes.length, fingerprint: fingerprint(data.bytes, data.bytes.length) }
        : { gone: true };
    }
    const body = await received?.(image.url);
    const header = body?.length ? readImageHeader(body.subarray(0, HEADER_PROBE_BYTES)) : undefined;
    if (body && header) return { header, bytes: body.length, fingerprint: fingerprint(body, body.length) };
    const probed = await probeImage(image.url, policy, signal);
    if (probed?.gone) return { gone: true };
    return (
      probed && {
        header: probed.header,
        bytes: probed.bytes,
        contentType: probed.contentType,
        fingerprint: probed.bytes && !probed.cutOff ? fingerprint(probed.prefix, probed.bytes) : undefined,
      }
    );
  }
}

/** Same length and same first bytes (all of them for small files) is the same image. */
function fingerprint(bytes: Buffer, total: number): string {
  return `${total}:${createHash('sha1').update(bytes.subarray(0, HEADER_PROBE_BYTES)).digest('hex')}`;
}
