import type { ImageHeader } from '@pixtract/image-header';
import { SafeFetchError } from '@pixtract/safe-fetch';
import { setMaxListeners } from 'node:events';
import { CataloguedImage, markSameBytes, markSameFamily } from '../catalogue/image-catalogue';

/**
 * Header probes in flight per job: enough to hide latency on a 2,000-image gallery (at 8, a 60 ms site had a
 * quarter of them measured within the 5 s budget), few enough not to hammer one site — a browser asks an HTTP/2
 * host for a gallery's images all at once.
 */
const PROBE_CONCURRENCY = 24;

/** What one image's first bytes (or the browser's copy) told. */
export interface Measured {
  header?: ImageHeader;
  bytes?: number;
  contentType?: string;
  fingerprint?: string;
  /** No picture there: the server says the file does not exist, or answers a page in its place. */
  gone?: boolean;
}

export interface MeasuringOutcome {
  notImages: Set<string>;
  outOfTime: Set<string>;
}

type MeasureOne = (image: CataloguedImage, signal: AbortSignal) => Promise<Measured | undefined>;

/**
 * One job's measuring: every image measured once however often it is asked for, at most PROBE_CONCURRENCY at a
 * time, everything stopped at the deadline. The static path asks first for the images its HTML names, while the
 * stylesheets load, then for all of them: the first answers are already in by then.
 */
export class MeasuringSession {
  private readonly results = new Map<string, Promise<Measured | undefined>>();
  /** Keys of files that are no images of the page: on refused (private) addresses, or gone (404, 410, a page). */
  private readonly notImages = new Set<string>();
  /** Keys of files the deadline left unmeasured (not started, or cut off). */
  private readonly outOfTime = new Set<string>();
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly measureOne: MeasureOne,
    deadline: number,
    private readonly onFailure: (image: CataloguedImage, error: unknown) => void,
  ) {
    this.timer = this.deadlineTimer(deadline);
    // Every probe in flight listens for the deadline: more than Node's default of 10 is by design, not a leak.
    setMaxListeners(PROBE_CONCURRENCY * 2, this.controller.signal);
  }

  /** Moves the deadline (the static path's stylesheets took their time: the images they name get the full budget). */
  extendTo(deadline: number): void {
    if (this.controller.signal.aborted) return;
    clearTimeout(this.timer);
    this.timer = this.deadlineTimer(deadline);
  }

  /**
   * Measures the images not measured yet and fills in all of them: natural size, real type, byte size, same-bytes
   * duplicates. Answers the keys of files that are no images of the page (`notImages`: the SSRF rule refuses their
   * address, or their server says they do not exist — 404, 410 — or answers a page instead), and of those the
   * deadline left unmeasured (`outOfTime`). `onProgress` hears of each file answered, for a gallery's long wait.
   */
  async measure(
    images: CataloguedImage[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<MeasuringOutcome> {
    const keys = [...new Set(images.map((image) => image.key))];
    const measured = await this.answers(images, keys, onProgress);
    // A thumbnail flagged as the rendition of a link that proved to be no picture (a page, a 404) stands alone,
    // and is measured like any other.
    const standing = images.filter((image) => image.renditionOf !== undefined && this.notImages.has(image.renditionOf));
    for (const image of standing) {
      image.duplicate = false;
      delete image.renditionOf;
    }
    if (standing.length > 0)
      for (const [key, result] of await this.answers(standing, [...new Set(standing.map((image) => image.key))]))
        measured.set(key, result);
    for (const image of images) {
      const result = measured.get(image.key);
      if (!result) continue;
      // An SVG's size is its own (width and height, or viewBox): for one without, a browser reports a default box.
      if (
        (image.width === undefined || result.header?.mimeType === 'image/svg+xml') &&
        result.header?.width &&
        result.header.height
      ) {
        image.width = result.header.width;
        image.height = result.header.height;
      }
      image.mimeType =
        result.header?.mimeType ??
        image.mimeType ??
        (result.contentType?.startsWith('image/') ? result.contentType : undefined);
      image.bytes ??= result.bytes;
    }
    markSameBytes(images, (key) => measured.get(key)?.fingerprint);
    // Among the files that are pictures: a gone original must not take its smaller copies with it.
    markSameFamily(images.filter((image) => !this.notImages.has(image.key)));
    return {
      notImages: new Set(keys.filter((key) => this.notImages.has(key))),
      outOfTime: new Set(keys.filter((key) => this.outOfTime.has(key))),
    };
  }

  /**
   * Starts measuring the images not measured yet, and answers what is known of `keys`. Renditions (a linked
   * thumbnail, a <picture>'s other sources) are measured too, after the files listed, so each variant has a size.
   */
  private async answers(
    images: CataloguedImage[],
    keys: string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<Map<string, Measured | undefined>> {
    for (const image of [...images.filter((image) => !image.duplicate), ...images.filter((image) => image.duplicate)]) {
      if (!this.results.has(image.key)) this.results.set(image.key, this.measureInTurn(image));
    }
    let done = 0;
    return new Map(
      await Promise.all(
        keys.map(async (key) => {
          const result = await this.results.get(key);
          onProgress?.((done += 1), keys.length);
          return [key, result] as const;
        }),
      ),
    );
  }

  /** Stops the deadline's timer once the job has what it needs. */
  end(): void {
    clearTimeout(this.timer);
  }

  private deadlineTimer(deadline: number): NodeJS.Timeout {
    return setTimeout(
      () => this.controller.abort(new Error('measuring time is up')),
      Math.max(1, deadline - Date.now()),
    );
  }

  private async measureInTurn(image: CataloguedImage): Promise<Measured | undefined> {
    await this.slot();
    try {
      if (this.controller.signal.aborted) {
        this.outOfTime.add(image.key);
        return undefined;
      }
      const measured = await this.measureOne(image, this.controller.signal);
      if (measured?.gone) this.notImages.add(image.key);
      return measured;
    } catch (error) {
      if (error instanceof SafeFetchError && error.status === 400) this.notImages.add(image.key);
      if (this.controller.signal.aborted) this.outOfTime.add(image.key);
      this.onFailure(image, error);
      return undefined;
    } finally {
      this.release();
    }
  }

  private async slot(): Promise<void> {
    if (this.active < PROBE_CONCURRENCY) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next waiting image, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
