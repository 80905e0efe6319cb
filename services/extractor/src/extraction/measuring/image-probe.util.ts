import { safeFetch, SafeFetchPolicy } from '@pixtract/safe-fetch';
import { HEADER_PROBE_BYTES, ImageHeader, readImageHeader } from '@pixtract/image-header';
import { readCapped } from '../static-read/read-capped.util';

/** The start of a web page or a JSON document (after a BOM or white space): no picture format starts so. */
const PAGE_OR_DATA = /^(?:\xef\xbb\xbf)?\s*(?:<!doctype html|<html|<head|<body|\{\s*"|\[\s*[{"\d])/i;

interface ProbedImage {
  header?: ImageHeader;
  /** Size of the whole file, from Content-Range or Content-Length, or the bytes read when they were all of it. */
  bytes?: number;
  /** The bytes read (at most HEADER_PROBE_BYTES), for same-bytes de-duplication. */
  prefix: Buffer;
  /** The read was cut off before HEADER_PROBE_BYTES or the end: `prefix` is no fingerprint. */
  cutOff?: boolean;
  contentType?: string;
  /** The server says there is no picture here: 404, 410, or a page in its place. */
  gone?: boolean;
}

/**
 * Reads the head of an image the browser did not load, through the SSRF-safe path: a Range request for the first
 * HEADER_PROBE_BYTES; a server that ignores Range is cut off after as many bytes. Never the whole file.
 */
export async function probeImage(
  url: string,
  policy: SafeFetchPolicy,
  signal: AbortSignal,
): Promise<ProbedImage | undefined> {
  const response = await safeFetch(url, {
    policy,
    signal,
    headers: { range: `bytes=0-${HEADER_PROBE_BYTES - 1}`, accept: 'image/avif,image/webp,image/*,*/*;q=0.8' },
  });
  if (response.status !== 200 && response.status !== 206) {
    response.body.destroy();
    // Not found or gone: no picture anyone sees (a 403 may be hotlink protection the browser would pass).
    return response.status === 404 || response.status === 410 ? { gone: true, prefix: Buffer.alloc(0) } : undefined;
  }
  // A slow server that ignores Range may send the header at once and the rest for minutes: cut off at the deadline,
  // the header read so far still gives the size (not the whole head, so no same-bytes fingerprint: `cutOff`).
  const { bytes: prefix, cutOff } = await readCapped(response.body, HEADER_PROBE_BYTES, { keepOnError: true });
  if (cutOff && prefix.length === 0) throw signal.reason ?? new Error('probe cut off');
  // A file shorter than the probe, sent whole without a length (chunked, Range ignored), is its own size.
  const total =
    /\/(\d+)$/.exec(String(response.headers['content-range'] ?? ''))?.[1] ??
    (response.status === 200
      ? (response.headers['content-length'] ??
        (prefix.length < HEADER_PROBE_BYTES && !cutOff ? prefix.length : undefined))
      : undefined);
  const contentType =
    String(response.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase() || undefined;
  const header = readImageHeader(prefix);
  // A link or script URL that answers a web page (an attachment page, a login wall) names no picture; nor does an
  // error page or JSON sent under an image type (a soft 404), which the browser shows as a broken image.
  if (
    !header &&
    ((contentType && /^(text\/html|application\/(xhtml\+xml|json))$/.test(contentType)) ||
      PAGE_OR_DATA.test(prefix.subarray(0, 256).toString('latin1')))
  )
    return { gone: true, prefix };
  return {
    header,
    bytes: total === undefined ? undefined : Number(total),
    prefix,
    contentType,
    ...(cutOff && { cutOff }),
  };
}
