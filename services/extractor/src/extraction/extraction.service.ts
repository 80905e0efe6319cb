import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ERROR_MESSAGES,
  ErrorCode,
  ExtractedFile,
  ExtractionProgress,
  ExtractionWarning,
  extractionWarningText,
  ExtractJobPayload,
  ExtractJobResult,
} from '@pixtract/contracts';
import { checkUrl, SafeFetchError, SafeFetchPolicy } from '@pixtract/safe-fetch';
import { setMaxListeners } from 'node:events';
import { EXTRACTOR_CONFIG, ExtractorConfig, NAVIGATION_SHARE, SAFE_FETCH_POLICY } from '../extractor.config';
import { BrowserHeadStart, HeadStartVisit } from './browser-visit/browser-head-start';
import { BrowserVisit, BrowserVisitService, JobContext, noAnswerWarning } from './browser-visit/browser-visit.service';
import { JobProgress, StageReporter } from './job-progress';
import { findImages, IMAGE_COLLECTORS, ImageCollector } from './collectors/image-collector.interface';
import {
  catalogue,
  CataloguedImage,
  matchesFileTypes,
  toExtractedFile,
  withoutTinyImages,
} from './catalogue/image-catalogue';
import { ImageMeasurerService } from './measuring/image-measurer.service';
import { renditionsOf } from './catalogue/image-renditions';
import type { MeasuringOutcome, MeasuringSession } from './measuring/measuring-session';
import type { PageSnapshot } from './snapshot/page-snapshot';
import { StaticPageService } from './static-read/static-page.service';
import { readWebManifest } from './static-read/web-manifest.util';
import { withVariantSizes } from './measuring/variant-sizes';

type ProgressReporter = (progress: ExtractionProgress) => Promise<unknown>;
export type SnapshotListener = (snapshot: PageSnapshot) => void;

/** What a crawl asks of one page's extraction beyond a single page's. */
export interface ExtractOptions {
  /** Gets the snapshot the images were found in (a crawl reads the page's links from it). */
  seen?: SnapshotListener;
  /** The policy every request of the page goes out under (a crawl's names Pixtract); else the service's. */
  policy?: SafeFetchPolicy;
}

/** Answers that say a page is not there: a crawl does not ask for it again in the browser. */
const GONE_STATUSES = new Set([404, 410]);

/**
 * The site said the crawl's page is gone: final. (A single extraction still tries the browser: a person asked for
 * that page, and a script-built site may answer 404 to a plain request.)
 */
const goneForCrawl = (payload: ExtractJobPayload, warnings: ExtractionWarning[]): boolean =>
  payload.crawl !== undefined &&
  warnings.some((warning) => warning.code === 'HTTP_STATUS' && GONE_STATUSES.has(warning.values.status));

/** Measuring reports its progress in steps of this share (a 2,000-image gallery: 20 events, not 2,000). */
const MEASURING_STEP = 0.05;
const MEASURE_MS = 5_000;
/** The browser path reads the manifest after rendering: a slow one is given up on rather than waited for. */
const MANIFEST_MS = 2_000;

interface Analysis {
  files: ExtractedFile[];
  warnings: ExtractionWarning[];
  total: number;
}

/** The job's result from what a path found: `method` says which path ran. */
type Finish = (
  method: string,
  sourceUrl: string,
  warnings: ExtractionWarning[],
  analysis?: Analysis,
  error?: ErrorCode,
) => ExtractJobResult;

/** A browser visit's outcome, and what it had found before measuring (a job stopped at its time limit returns it). */
interface RenderedOutcome {
  visit: BrowserVisit<Analysis>;
  partial?: Analysis;
}

/**
 * One extraction: refuse what the SSRF rule refuses before any work, then the static path, the browser path or
 * (auto) the static path when the page needs no script — and the same collectors, noise rules, de-duplication and
 * measuring on whichever snapshot came back. Failures the person should read become the result's `error`; a lost
 * browser is thrown so BullMQ runs the job again.
 */
@Injectable()
export class ExtractionService {
  private readonly logger = new Logger(ExtractionService.name);

  constructor(
    private readonly browser: BrowserVisitService,
    private readonly staticPages: StaticPageService,
    private readonly measurer: ImageMeasurerService,
    @Inject(IMAGE_COLLECTORS) private readonly collectors: ImageCollector[],
    @Inject(SAFE_FETCH_POLICY) private readonly policy: SafeFetchPolicy,
    @Inject(EXTRACTOR_CONFIG) private readonly config: ExtractorConfig,
  ) {}

  async extract(
    payload: ExtractJobPayload,
    job: JobContext,
    report: ProgressReporter,
    options: ExtractOptions = {},
  ): Promise<ExtractJobResult> {
    const progress = new JobProgress(
      (event) =>
        void report(event).catch((error: unknown) =>
          this.logger.warn({ msg: 'progress not reported', err: error, ...job }),
        ),
      this.config.EXTRACTOR_JOB_TIMEOUT_MS * NAVIGATION_SHARE,
    );
    try {
      return await this.run(payload, job, progress, { seen: options.seen, policy: options.policy ?? this.policy });
    } finally {
      progress.stop();
    }
  }

  private async run(
    payload: ExtractJobPayload,
    job: JobContext,
    progress: JobProgress,
    { seen, policy }: Required<Pick<ExtractOptions, 'policy'>> & ExtractOptions,
  ): Promise<ExtractJobResult> {
    const startedAt = Date.now();
    const deadline = startedAt + this.config.EXTRACTOR_JOB_TIMEOUT_MS;
    const stage = progress.stage;
    // The English `error` and `warnings` of the seed, and the same as codes a client can word in other languages.
    const finish: Finish = (method, sourceUrl, warnings, analysis, error) => {
      const files = analysis?.files ?? [];
      const warningDetails = [...warnings, ...(analysis?.warnings ?? [])];
      progress.done(analysis?.total ?? 0);
      return {
        files,
        sourceUrl,
        warnings: warningDetails.map(extractionWarningText),
        warningDetails,
        performanceInfo: { timeMs: Date.now() - startedAt, method },
        totalImagesFound: analysis?.total ?? 0,
        ...(error !== undefined && { error: ERROR_MESSAGES[error], errorCode: error }),
      };
    };

    try {
      await checkUrl(payload.url, this.policy);
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      this.logger.log({ msg: 'start URL refused', code: error.code, ...job });
      return finish(payload.mode === 'static' ? 'static' : 'browser', payload.url, [], undefined, error.code);
    }

    if (payload.mode !== 'browser') {
      stage('loading', 0);
      const controller = new AbortController();
      // Up to 20 stylesheets and the manifest are read at once under it: more listeners than Node's default of 10, by design.
      setMaxListeners(32, controller.signal);
      const timer = setTimeout(
        () => controller.abort(new SafeFetchError(ErrorCode.UpstreamTimeout)),
        Math.max(1, deadline - Date.now()),
      );
      // A crawl page is not asked for twice at once (the static read and the browser's head start): the host's
      // politeness counts every request, and a crawl has no visitor watching the seconds.
      const headStart =
        payload.mode === 'auto' && !payload.crawl
          ? new BrowserHeadStart(this.config.EXTRACTOR_BROWSER_HEAD_START_MS, controller, stage, (visit) =>
              this.render(payload, job, deadline, visit.report, progress, policy, seen, visit),
            )
          : undefined;
      try {
        const page = await this.staticPages.read(payload.url, controller.signal, policy);
        if (payload.mode === 'static' || !page.needsBrowser || goneForCrawl(payload, page.warnings)) {
          headStart?.cancel();
          const measuring = this.measurer.start(measuringDeadline(deadline), policy);
          // Most pictures are named by the HTML itself: they are probed while its stylesheets load.
          void measuring.measure(catalogue(findImages(this.collectors, page.snapshot)));
          // The manifest is read while the stylesheets load.
          const manifest = readWebManifest(page.snapshot, policy, controller.signal);
          const snapshot = await this.staticPages.withStylesheets(page, controller.signal);
          measuring.extendTo(measuringDeadline(deadline));
          stage('collecting', 0);
          const analysis = await this.analyse(
            { ...snapshot, manifest: await manifest },
            payload,
            stage,
            measuring,
            policy,
            seen,
          );
          return finish('static', page.sourceUrl, page.warnings, analysis);
        }
        this.logger.debug({ msg: 'auto mode: browser needed', reason: page.needsBrowser, ...job });
        // What the HTML alone names is shown while the browser renders the page; the browser's result replaces it.
        const named = catalogue(findImages(this.collectors, page.snapshot));
        const count = distinct(named);
        if (count > 0) stage('loading', count, 0, preview(this.describe(named, payload).files, payload.previewLimit));
      } catch (error) {
        // Aborted because the browser got there first: its visit is the extraction. Otherwise a refused address is
        // final, while anything else (a bot wall, a slow answer) may still work in a browser.
        const browserMayWork =
          headStart?.tookOver ||
          (error instanceof SafeFetchError &&
            payload.mode !== 'static' &&
            error.status !== 400 &&
            error.code !== ErrorCode.HostNotFound);
        if (!browserMayWork) {
          headStart?.cancel();
          if (!(error instanceof SafeFetchError)) throw error;
          // Our wait for the page's answer ran out: said in our words, with the time it was given.
          if (error.code === ErrorCode.UpstreamTimeout)
            return finish('static', payload.url, [noAnswerWarning(this.config)], undefined, ErrorCode.PageDidNotAnswer);
          return finish('static', payload.url, [], undefined, error.code);
        }
      } finally {
        clearTimeout(timer);
      }
      const underWay = headStart?.browserNeeded();
      if (underWay) return browserResult(await underWay, payload, finish);
    }
    return browserResult(await this.render(payload, job, deadline, stage, progress, policy, seen), payload, finish);
  }

  /**
   * The browser path: render, then analyse while the page is open. `headStart`: a visit auto mode started before
   * the static read decided, which may be stopped.
   */
  private async render(
    payload: ExtractJobPayload,
    job: JobContext,
    deadline: number,
    stage: StageReporter,
    progress: JobProgress,
    policy: SafeFetchPolicy,
    seen?: SnapshotListener,
    headStart?: HeadStartVisit,
  ): Promise<RenderedOutcome> {
    let partial: Analysis | undefined;
    const visit = await this.browser.visit(
      payload.url,
      job,
      deadline,
      stage,
      async (snapshot, received) => {
        headStart?.rendered();
        const manifest = await readWebManifest(
          snapshot,
          policy,
          AbortSignal.timeout(Math.max(1, Math.min(MANIFEST_MS, deadline - Date.now()))),
        );
        return this.analyse(
          { ...snapshot, manifest },
          payload,
          stage,
          this.measurer.start(measuringDeadline(deadline), policy, received),
          policy,
          seen,
          (found) => (partial = found),
        );
      },
      (bytes) => (progress.bytesReceived += bytes),
      Math.min(payload.previewLimit ?? Number.POSITIVE_INFINITY, this.config.EXTRACTOR_MAX_IMAGES),
      headStart?.signal,
      payload.crawl && { userAgent: policy.userAgent, hostGate: policy.hostGate },
    );
    return { visit, partial };
  }

  /** `onFound` gets the images found before measuring: what a job stopped at its time limit still returns. */
  private async analyse(
    snapshot: PageSnapshot,
    payload: ExtractJobPayload,
    stage: StageReporter,
    measuring: MeasuringSession,
    policy: SafeFetchPolicy,
    seen?: SnapshotListener,
    onFound?: (found: Analysis) => void,
  ): Promise<Analysis> {
    seen?.(snapshot);
    const images = catalogue(findImages(this.collectors, snapshot));
    const found = this.describe(images, payload);
    onFound?.(found);
    // Measuring takes the longest (Range probes): the visitor sees the images found meanwhile.
    stage('measuring', distinct(images), 0, preview(found.files, payload.previewLimit));
    let reported = 0;
    const progress = (done: number, total: number) => {
      if (done / total - reported < MEASURING_STEP || done === total) return;
      reported = done / total;
      stage('measuring', distinct(images), reported);
    };
    const { notImages, outOfTime } = await measuring.measure(images, progress).finally(() => measuring.end());
    const analysis = this.describe(
      images.filter((image) => !notImages.has(image.key)),
      payload,
      { outOfTime, notImages },
    );
    return { ...analysis, files: await withVariantSizes(analysis.files, policy) };
  }

  /**
   * Tiny images and unwanted types out, the image cap applied to distinct images, positions in page order, each
   * file with its other renditions. Once measured (`measured` given: the keys measuring ran out of time for, and
   * those that proved no picture), distinct images still without a size are named in a warning, so the person
   * knows why (a 2,000-image gallery, say).
   */
  private describe(found: CataloguedImage[], payload: ExtractJobPayload, measured?: MeasuringOutcome): Analysis {
    const outOfTime = measured?.outOfTime;
    let images = (outOfTime ? withoutTinyImages(found) : found).filter((image) =>
      matchesFileTypes(image, payload.fileTypes),
    );
    const warnings: ExtractionWarning[] = [];
    const max = this.config.EXTRACTOR_MAX_IMAGES;
    if (distinct(images) > max) {
      const kept = new Set(
        [...new Set(images.filter((image) => !image.duplicate).map((image) => image.key))].slice(0, max),
      );
      images = images.filter((image) => kept.has(image.key));
      warnings.push({ code: 'IMAGES_CAPPED', values: { limit: max } });
    }
    const unmeasured = outOfTime
      ? images.filter((image) => !image.duplicate && image.width === undefined && outOfTime.has(image.key)).length
      : 0;
    if (unmeasured > 0) warnings.push({ code: 'IMAGES_UNMEASURED', values: { count: unmeasured } });
    const extractedTime = new Date().toISOString();
    const variants = renditionsOf(images, measured?.notImages);
    return {
      files: images.map((image, position) => toExtractedFile(image, position, extractedTime, variants.get(image))),
      warnings,
      total: distinct(images),
    };
  }
}

/** The browser path's result: at the time limit, what was found before measuring, with a warning. */
function browserResult(
  { visit, partial }: RenderedOutcome,
  payload: ExtractJobPayload,
  finish: Finish,
): ExtractJobResult {
  const method = payload.mode === 'browser' ? 'browser' : 'auto:browser';
  if (visit.error === ErrorCode.PageTimeout && partial) {
    return finish(method, visit.sourceUrl, [...visit.warnings, { code: 'STOPPED_AT_TIME_LIMIT' }], partial);
  }
  return finish(method, visit.sourceUrl, visit.warnings, visit.result, visit.error);
}

/** The first `limit` distinct images: what the caller could be granted, no more. */
function preview(files: ExtractedFile[], limit = Number.POSITIVE_INFINITY): ExtractedFile[] {
  return files.filter((file) => !file.duplicate).slice(0, limit);
}

/** Measuring gets MEASURE_MS from its start, and never runs into the job's own time limit. */
function measuringDeadline(jobDeadline: number): number {
  return Math.min(Date.now() + MEASURE_MS, jobDeadline - 250);
}

function distinct(images: CataloguedImage[]): number {
  return images.filter((image) => !image.duplicate).length;
}
