import type { Archiver } from 'archiver';
import { once, setMaxListeners } from 'node:events';
import { Readable } from 'node:stream';
import { failureReason } from '../fetching/fetch-error.util';
import type { ImageFormat } from '../fetching/image-signature.util';
import { archiveEntryName, textLine } from './archive-naming.util';
import { DEFAULT_NAMING_PATTERN, type ImageVariant } from '@pixtract/contracts';

/** One requested image: its URL and what the extraction knew about it. */
export interface ArchiveItem {
  url: string;
  alt?: string;
  /** The page it was found on, for `{page}` and `{host}`. */
  pageUrl?: string;
  /** The page's other renditions of the picture. */
  variants?: ImageVariant[];
}

/** A fetched image, ready to be written (already converted if the request asked for it). */
export interface FetchedImage {
  /** The image as it arrived, chunk by chunk; `size` bytes in all. */
  chunks: Buffer[];
  size: number;
  format: ImageFormat;
  mimeType: string;
  extension: string;
  width?: number;
  height?: number;
  /** An animated picture saved in a format that cannot animate: only its first frame is in the archive. */
  firstFrameOnly?: boolean;
}

interface ArchiveLimits {
  maxImages: number;
  /** The plan the image limit comes from, named in failed-downloads.txt. */
  role: string;
  maxTotalBytes: number;
  maxTimeMs: number;
  parallelFetches: number;
}

interface ManifestEntry {
  file: string;
  sourceUrl: string;
  alt: string;
  width?: number;
  height?: number;
  type: string;
  bytes: number;
  firstFrameOnly?: true;
}

type Outcome = { image: FetchedImage } | { error: unknown };

/** Images written into the archive and failed so far, out of `total` requested. */
export interface ArchiveCounts {
  written: number;
  failed: number;
  total: number;
}

/** Formats that are compressed already: deflating them again costs CPU and saves nothing. */
const STORED_FORMATS = new Set<ImageFormat>(['jpeg', 'png', 'gif', 'webp', 'avif']);

/** Chunks already in memory as a stream, queued at once: Readable.from would await each one through an async iterator. */
function streamOf(chunks: Buffer[]): Readable {
  const stream = new Readable({ read: () => undefined });
  for (const chunk of chunks) stream.push(chunk);
  stream.push(null);
  return stream;
}

/**
 * Writes one archive: `parallelFetches` images in flight while an entry is written, entries in the requested
 * order, each entry written only once the previous one has left for the client — so memory holds at most the
 * window of images and the one being written, however slow the reader. Stops when `signal` aborts (the client left).
 */
export class ArchiveBuilder {
  private readonly failures: string[] = [];
  private readonly entries: ManifestEntry[] = [];
  private totalBytes = 0;
  /** Entry names taken so far (lower-cased: archives are unpacked on case-insensitive file systems too). */
  private readonly names = new Set<string>();

  constructor(
    private readonly archive: Archiver,
    private readonly limits: ArchiveLimits,
    private readonly fetchImage: (item: ArchiveItem, signal: AbortSignal) => Promise<FetchedImage>,
    /** Called once each requested image is in the archive or has failed. */
    private readonly onProgress: (counts: ArchiveCounts) => void = () => undefined,
    /** The naming pattern of the entries. */
    private readonly naming = DEFAULT_NAMING_PATTERN,
  ) {}

  /** Images that could not be included so far (each a line of failed-downloads.txt). */
  get failedImages(): number {
    return this.failures.length;
  }

  /** How far the archive of `items` is. */
  countsOf(items: ArchiveItem[]): ArchiveCounts {
    return { written: this.entries.length, failed: this.failures.length, total: items.length };
  }

  async build(items: ArchiveItem[], sourceUrl: string | undefined, signal: AbortSignal): Promise<void> {
    const deadline = AbortSignal.timeout(this.limits.maxTimeMs);
    // Fetches still in flight when the build stops early (size limit) are not needed any more.
    const finished = new AbortController();
    const fetching = AbortSignal.any([signal, deadline, finished.signal]);
    // Each fetch in the window listens on this one signal (exchange, request and body): a few each, all expected.
    setMaxListeners(this.limits.parallelFetches * 4, fetching);
    try {
      await this.writeImages(items, signal, deadline, fetching);
    } finally {
      finished.abort();
    }
    this.writeSummary(items, sourceUrl);
  }

  private async writeImages(
    items: ArchiveItem[],
    signal: AbortSignal,
    deadline: AbortSignal,
    fetching: AbortSignal,
  ): Promise<void> {
    const admitted = items.slice(0, this.limits.maxImages);
    const inFlight = new Map<number, Promise<Outcome>>();
    let next = 0;
    let stopReason: string | undefined;

    const fetchUpTo = (end: number) => {
      for (; next < admitted.length && next < end; next++) {
        inFlight.set(
          next,
          this.fetchImage(admitted[next], fetching).then(
            (image) => ({ image }),
            (error: unknown) => ({ error }),
          ),
        );
      }
    };

    for (let index = 0; index < admitted.length && !stopReason; index++) {
      fetchUpTo(index + this.limits.parallelFetches);
      const outcome = await inFlight.get(index)!;
      inFlight.delete(index);
      // This image is in hand: its place in the window goes to the next fetch while it is being written.
      fetchUpTo(index + 1 + this.limits.parallelFetches);
      signal.throwIfAborted();
      if (deadline.aborted)
        stopReason = `not downloaded: the archive's time limit (${Math.round(this.limits.maxTimeMs / 1000)} s) was reached`;
      else if ('error' in outcome) this.fail(admitted[index].url, failureReason(outcome.error));
      else if (this.totalBytes + outcome.image.size > this.limits.maxTotalBytes)
        stopReason = `not downloaded: the archive's size limit (${this.limits.maxTotalBytes} bytes) was reached`;
      else await this.write(index, admitted[index], outcome.image, signal);
      if (stopReason) admitted.slice(index).forEach((item) => this.fail(item.url, stopReason!));
      this.onProgress(this.countsOf(items));
    }
    const overLimit = `not downloaded: at most ${this.limits.maxImages} images per archive on the ${this.limits.role} plan`;
    items.slice(this.limits.maxImages).forEach((item) => this.fail(item.url, overLimit));
    if (items.length > admitted.length) this.onProgress(this.countsOf(items));
  }

  /** Ends the archive; settles once the client has received all of it, or rejects when it left first. */
  async finish(signal: AbortSignal): Promise<void> {
    const ended = once(this.archive, 'end', { signal });
    // Its failures also arrive as the archive's 'error', which rejects `ended`.
    this.archive.finalize().catch(() => undefined);
    await ended;
  }

  private fail(url: string, reason: string): void {
    this.failures.push(`${textLine(url)}\t${reason}`);
  }

  private async write(index: number, item: ArchiveItem, image: FetchedImage, signal: AbortSignal): Promise<void> {
    const name = this.uniqueName(index, item, image);
    // A stream source, not a Buffer: zip-stream writes a Buffer into itself at once, ignoring backpressure,
    // while a stream is piped and its entry only completes once the client has taken (nearly) all of it.
    // 'entry' comes from archiver's queue on a later tick, so listening after append misses nothing.
    this.archive.append(streamOf(image.chunks), { name, store: STORED_FORMATS.has(image.format) });
    await once(this.archive, 'entry', { signal });
    this.totalBytes += image.size;
    this.entries.push({
      file: name,
      sourceUrl: item.url,
      alt: item.alt ?? '',
      width: image.width,
      height: image.height,
      type: image.mimeType,
      bytes: image.size,
      ...(image.firstFrameOnly && { firstFrameOnly: true as const }),
    });
  }

  /** The pattern's name for this entry; a pattern without `{n}` can repeat a name, which then gets `-2`, `-3`, … */
  private uniqueName(index: number, item: ArchiveItem, image: FetchedImage): string {
    const values = {
      index,
      url: item.url,
      alt: item.alt,
      width: image.width,
      height: image.height,
      pageUrl: item.pageUrl,
    };
    const base = archiveEntryName(this.naming, values, image.extension).replace(/\.[^.]+$/, '');
    let name = `${base}.${image.extension}`;
    for (let copy = 2; this.names.has(name.toLowerCase()); copy++) name = `${base}-${copy}.${image.extension}`;
    this.names.add(name.toLowerCase());
    return name;
  }

  private writeSummary(items: ArchiveItem[], sourceUrl: string | undefined): void {
    this.archive.append(`${items.map((item) => textLine(item.url)).join('\n')}\n`, { name: 'all-image-urls.txt' });
    if (this.failures.length > 0)
      this.archive.append(`${this.failures.join('\n')}\n`, { name: 'failed-downloads.txt' });
    const { maxImages, role, maxTotalBytes, maxTimeMs } = this.limits;
    const manifest = {
      sourceUrl: sourceUrl ?? null,
      createdAt: new Date().toISOString(),
      requested: items.length,
      downloaded: this.entries.length,
      failed: this.failures.length,
      limits: { role, maxImages, maxTotalBytes, maxTimeMs },
      images: this.entries,
    };
    this.archive.append(JSON.stringify(manifest, null, 2), { name: 'manifest.json' });
  }
}
