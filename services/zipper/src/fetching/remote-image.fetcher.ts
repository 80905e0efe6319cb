import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@pixtract/contracts';
import { safeFetch, type SafeFetchPolicy } from '@pixtract/safe-fetch';
import { AppException } from '@pixtract/service-kit';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { UpstreamStatusException, toAppException } from './fetch-error.util';
import { SAFE_FETCH_POLICY } from './fetch-policy.provider';
import {
  declaredAndSniffedAgree,
  MIME_TYPES,
  SIGNATURE_BYTES,
  sniffImageFormat,
  type ImageFormat,
} from './image-signature.util';
import { SignatureGate } from './signature-gate.stream';

interface ImageRequest {
  /** The page the image was found on: sent as Referer, which hotlink-protected sites require. */
  sourceUrl?: string;
  signal?: AbortSignal;
  /** If-None-Match / If-Modified-Since of the client, for a 304 from the origin. */
  conditional?: Record<string, string>;
}

type RemoteImage =
  | { status: 304; headers: IncomingHttpHeaders }
  | {
      status: 200;
      /** The final URL, after redirects. */
      url: string;
      format: ImageFormat;
      mimeType: string;
      headers: IncomingHttpHeaders;
      /** The whole body, its first bytes included; byte caps and timeouts still apply while it streams. */
      body: Readable;
      /** The whole body in memory as it arrived (bounded by the policy's byte caps), its chunks left unjoined. */
      chunks(): Promise<Buffer[]>;
    };

const ACCEPT_IMAGES = 'image/avif,image/webp,image/apng,image/svg+xml,image/*;q=0.8';

async function readAll(body: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return chunks;
}

/** A Referer is only ever an http(s) page address, without credentials or fragment. */
function refererFor(sourceUrl: string | undefined): Record<string, string> {
  if (!sourceUrl || !URL.canParse(sourceUrl)) return {};
  const page = new URL(sourceUrl);
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return {};
  page.username = page.password = page.hash = '';
  return { referer: page.href };
}

/** Fetches a user-supplied image URL through the SSRF-safe path and admits it only if it really is an image. */
@Injectable()
export class RemoteImageFetcher {
  constructor(@Inject(SAFE_FETCH_POLICY) private readonly policy: SafeFetchPolicy) {}

  async fetch(url: string, request: ImageRequest = {}): Promise<RemoteImage> {
    const response = await safeFetch(url, {
      policy: this.policy,
      signal: request.signal,
      headers: { accept: ACCEPT_IMAGES, ...refererFor(request.sourceUrl), ...request.conditional },
    }).catch((error: unknown) => {
      throw request.signal?.aborted ? error : toAppException(error);
    });
    if (response.status === 304) {
      response.body.destroy();
      return { status: 304, headers: response.headers };
    }
    if (response.status < 200 || response.status > 299) {
      response.body.destroy();
      throw new UpstreamStatusException(response.status);
    }
    const gate = new SignatureGate(SIGNATURE_BYTES);
    // A cap or timeout failure of the body reaches the gate, and tearing the gate down closes the socket. pipe() and
    // two listeners, not pipeline(): that allocates an AbortController and a DOMException per image, which an
    // archive of thousands of images pays for in a measurable share of its time.
    response.body.on('error', (error) => gate.destroy(error));
    // The gate's reader handles its failure (or the head promise reports it); unread, it must not crash the process.
    gate.on('error', () => undefined);
    gate.once('close', () => response.body.destroy());
    response.body.pipe(gate);
    const head = await gate.head.catch((error: unknown) => {
      throw request.signal?.aborted ? error : toAppException(error);
    });
    const format = sniffImageFormat(head);
    if (!declaredAndSniffedAgree(response.headers['content-type'], format)) {
      gate.destroy();
      throw new AppException(ErrorCode.NotAnImage, 415);
    }
    return {
      status: 200,
      url: response.url,
      format,
      mimeType: MIME_TYPES[format],
      headers: response.headers,
      body: gate,
      chunks: () => readAll(gate),
    };
  }
}
