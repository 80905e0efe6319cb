import { getQueueToken } from '@nestjs/bullmq';
import {
  ERROR_MESSAGES,
  ExtractJobResult,
  ExtractedFile,
  ExtractionResponse,
  ExtractionView,
  ExtractionWarning,
  QueueName,
  extractionWarningText,
} from '@pixtract/contracts';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { CookieJar, startFixtureServer, FixtureServer } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { ExtractionFinaliser } from '@pixtract/gateway/src/extraction/extraction-finaliser.service';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

const imagesOf = (page: string, count: number): ExtractedFile[] =>
  Array.from({ length: count }, (_, i) => ({
    fileUrl: `${page}/img/${i}.png`,
    alt: `Image ${i}`,
    width: 100 + i,
    height: 50,
    position: i,
    sourceNode: 'img',
    kind: 'photo',
    variants: [{ fileUrl: `${page}/img/${i}-small.png`, width: 50, height: 25 }],
  }));

const WARNINGS: ExtractionWarning[] = [
  { code: 'HTTP_STATUS', values: { status: 404 } },
  { code: 'REFUSED_REQUESTS', values: { count: 2 } },
];

const resultFor = (url: string, files: ExtractedFile[]): ExtractJobResult => ({
  files,
  sourceUrl: url,
  warnings: [],
  performanceInfo: { timeMs: 42, method: 'browser' },
  totalImagesFound: files.length,
});

describe('gateway extraction flow (real Postgres, Redis, BullMQ, socket.io)', () => {
  let gateway: GatewayHarness;
  let fixtures: FixtureServer;
  /** One visitor's browser asks for every extraction here: the owner reads its own. */
  let visitor: CookieJar;
  const post = (path: string, json: unknown) => visitor.fetch(path, { method: 'POST', json });
  const get = (path: string) => visitor.fetch(path);
  // The first test follows its extraction before the worker may report a stage.
  let releaseFollowed!: () => void;
  const followed = new Promise<void>((resolve) => (releaseFollowed = resolve));
  // The racing test lets its job finish between two of the gateway's reads of it.
  let releaseRace!: () => void;
  const raceReleased = new Promise<void>((resolve) => (releaseRace = resolve));

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    gateway = await startGateway('gateway_flow', { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' });
    visitor = gateway.browser();
    gateway.startWorker(async (job) => {
      if (job.data.url.includes('many')) await followed;
      if (job.data.url.includes('racing')) await raceReleased;
      for (const stage of ['loading', 'scrolling', 'collecting', 'measuring'] as const) {
        // Like the real worker: before measuring, the images found so far, up to the preview limit.
        const preview =
          stage === 'measuring' ? { files: imagesOf(job.data.url, Math.min(30, job.data.previewLimit ?? 0)) } : {};
        await job.updateProgress({ stage, percent: 20, imagesFound: 3, ...preview });
      }
      if (job.data.url.includes('explode')) throw new Error('browser crashed');
      // The page finalised concurrently by hand yields as many images as the hand-made result, whoever wins.
      const count = job.data.url.includes('many') ? 30 : job.data.url.includes('twice') ? 4 : 3;
      const files = imagesOf(job.data.url, count);
      if (job.data.url.includes('malformed')) files[1] = { ...files[1], width: -1 };
      if (job.data.url.includes('warned'))
        return {
          ...resultFor(job.data.url, files),
          warnings: WARNINGS.map(extractionWarningText),
          warningDetails: WARNINGS,
        };
      if (job.data.url.includes('vanished'))
        return { ...resultFor(job.data.url, []), error: ERROR_MESSAGES.HOST_NOT_FOUND, errorCode: 'HOST_NOT_FOUND' };
      // A worker newer than this gateway, with codes the gateway does not know yet.
      if (job.data.url.includes('newer'))
        return {
          ...resultFor(job.data.url, files),
          error: 'Some new trouble.',
          errorCode: 'NEW_TROUBLE',
          warnings: ['A new warning.'],
          warningDetails: [{ code: 'NEW_WARNING' }],
        } as unknown as ExtractJobResult;
      return resultFor(job.data.url, files);
    });
  });
  afterAll(async () => {
    await gateway.close();
    await fixtures.close();
  });

  it('accepts an extraction, streams its stages over the socket and completes it with limits', async () => {
    const res = await post('/api/extractions', { url: fixtures.url('/pages/many.html') });
    const socket = await gateway.connectSocket(visitor);
    const stages: string[] = [];
    let previewed = 0;
    socket.on('extraction:progress', (event) => {
      stages.push(event.stage);
      if (event.files) previewed = event.files.length;
    });
    const completed = new Promise<ExtractionResponse>((resolve) =>
      socket.on('extraction:completed', (event) => resolve(event.result)),
    );

    expect(res.status).toBe(202);
    const { extractionId } = (await res.json()) as { extractionId: string };
    await expect(socket.emitWithAck('extraction:follow', extractionId)).resolves.toEqual({ ok: true });
    releaseFollowed();

    const result = await completed;
    expect(result.files).toHaveLength(25);
    expect(result.limits).toEqual({
      total: 500,
      used: 25,
      remaining: 475,
      role: 'free',
      limitApplied: true,
      totalImagesFound: 30,
    });
    // The live preview never shows more than the visitor can be granted: the free plan's 25.
    expect(previewed).toBe(25);
    expect(stages.length).toBeGreaterThan(0);
    expect(stages).toEqual(
      [...stages].sort(
        (a, b) =>
          ['loading', 'scrolling', 'collecting', 'measuring'].indexOf(a) -
          ['loading', 'scrolling', 'collecting', 'measuring'].indexOf(b),
      ),
    );

    const view = (await (await get(`/api/extractions/${extractionId}`)).json()) as ExtractionView;
    expect(view.status).toBe('completed');
    expect(view.result?.files.map((file) => file.fileUrl)).toEqual(result.files.map((file) => file.fileUrl));
    // Read back from Postgres: the renditions and the kind are stored with the file.
    expect(view.result?.files[0]).toMatchObject({
      alt: 'Image 0',
      width: 100,
      height: 50,
      position: 0,
      sourceNode: 'img',
      kind: 'photo',
      variants: result.files[0].variants,
    });
  });

  it('refuses to follow an extraction that does not exist', async () => {
    const socket = await gateway.connectSocket(visitor);
    await expect(socket.emitWithAck('extraction:follow', '00000000-0000-4000-8000-000000000000')).resolves.toEqual({
      ok: false,
    });
    await expect(socket.emitWithAck('extraction:follow', 'not-an-id')).resolves.toEqual({ ok: false });
  });

  it('answers the synchronous seed contract with the finished extraction, charged to the same day', async () => {
    const res = await post('/api/extract-images', { url: fixtures.url('/pages/basic.html') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ExtractionResponse;
    expect(body).toEqual({
      files: expect.any(Array),
      sourceUrl: fixtures.url('/pages/basic.html'),
      warnings: [],
      // The same visitor already used 25 of the day in the first test.
      limits: { total: 500, used: 28, remaining: 472, role: 'free', limitApplied: false, totalImagesFound: 3 },
      performanceInfo: { timeMs: 42, method: 'browser' },
    });
    expect(body.files).toHaveLength(3);
  });

  it('reports a job that failed every attempt as a failed extraction, over the socket and on GET', async () => {
    const socket = await gateway.connectSocket(visitor);
    const res = await post('/api/extractions', { url: fixtures.url('/pages/explode.html') });
    const { extractionId } = (await res.json()) as { extractionId: string };
    const failed = new Promise<{ message: string; code: string }>((resolve) => socket.on('extraction:failed', resolve));
    await socket.emitWithAck('extraction:follow', extractionId);
    await expect(failed).resolves.toMatchObject({
      message: 'Could not extract images from the provided URL. Please try a different URL.',
      code: 'EXTRACTION_FAILED',
    });
    const view = (await (await get(`/api/extractions/${extractionId}`)).json()) as ExtractionView;
    expect(view).toMatchObject({
      status: 'failed',
      error: 'Could not extract images from the provided URL. Please try a different URL.',
      errorCode: 'EXTRACTION_FAILED',
    });
  }, 20_000);

  it('finalises an extraction once however many times it is asked, concurrently', async () => {
    const res = await post('/api/extractions', { url: fixtures.url('/pages/twice.html') });
    const { extractionId } = (await res.json()) as { extractionId: string };
    const finaliser = gateway.app.get(ExtractionFinaliser);
    const result = resultFor('http://x/', imagesOf('http://x', 4));
    await Promise.all([1, 2, 3, 4, 5].map(() => finaliser.complete(extractionId, result)));
    const rows = await gateway.app
      .get(DataSource)
      .query('SELECT count(*)::int AS n FROM extracted_files WHERE "extractionId" = $1', [extractionId]);
    expect(rows[0].n).toBe(4);
  });

  it('drops a file the worker described outside the contract and keeps the rest of the extraction', async () => {
    const res = await post('/api/extract-images', { url: fixtures.url('/pages/malformed.html') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ExtractionResponse;
    expect(body.files.map((file) => file.alt)).toEqual(['Image 0', 'Image 2']);
  });

  it('keeps an extraction that finishes while a GET is reading it (the job read before it finished has no result)', async () => {
    const res = await post('/api/extractions', { url: fixtures.url('/pages/racing.html') });
    const { extractionId } = (await res.json()) as { extractionId: string };
    const queue = gateway.app.get<Queue>(getQueueToken(QueueName.Extraction));
    const settle = async (id: string, state: string) => {
      while ((await queue.getJobState(id)) !== state) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const readJob = queue.getJob.bind(queue);
    let jobRead!: () => void;
    const jobWasRead = new Promise<void>((resolve) => (jobRead = resolve));
    // The first read of the job returns it as it was, but only after the job has completed.
    const getJob = jest.spyOn(queue, 'getJob').mockImplementationOnce(async (id) => {
      const asRead = await readJob(id);
      releaseRace();
      await settle(id, 'completed');
      jobRead();
      return asRead;
    });
    // This replica's completion event is handled only after that read: the GET is first to see the job done.
    const finaliser = gateway.app.get(ExtractionFinaliser);
    const complete = finaliser.complete.bind(finaliser);
    const completion = jest.spyOn(finaliser, 'complete').mockImplementation(async (id, result) => {
      await jobWasRead;
      return complete(id, result);
    });
    try {
      await settle(extractionId, 'active');
      let view: ExtractionView;
      do view = (await (await get(`/api/extractions/${extractionId}`)).json()) as ExtractionView;
      while (view.status === 'queued' || view.status === 'running');
      expect(view.status).toBe('completed');
      expect(view.result?.files).toHaveLength(3);
    } finally {
      getJob.mockRestore();
      completion.mockRestore();
    }
  });

  it('stores the warnings with their codes and returns both, on completion and on GET', async () => {
    const res = await post('/api/extract-images', { url: fixtures.url('/pages/warned.html') });
    const body = (await res.json()) as ExtractionResponse & { extractionId?: string };
    expect(body.warnings).toEqual([
      'The page answered with HTTP status 404.',
      '2 requests of this page went to private or local addresses and were refused.',
    ]);
    expect(body.warningDetails).toEqual(WARNINGS);
    expect(body).not.toHaveProperty('errorCode');
    const [row] = await gateway.app
      .get(DataSource)
      .query(`SELECT id FROM extractions WHERE url = $1`, [fixtures.url('/pages/warned.html')]);
    const view = (await (await get(`/api/extractions/${row.id}`)).json()) as ExtractionView;
    expect(view.result).toMatchObject({ warnings: body.warnings, warningDetails: WARNINGS });
  });

  it("stores a page's catalogue error with its code", async () => {
    const res = await post('/api/extract-images', { url: fixtures.url('/pages/vanished.html') });
    expect(await res.json()).toMatchObject({
      files: [],
      error: ERROR_MESSAGES.HOST_NOT_FOUND,
      errorCode: 'HOST_NOT_FOUND',
    });
    const [row] = await gateway.app
      .get(DataSource)
      .query(`SELECT id FROM extractions WHERE url = $1`, [fixtures.url('/pages/vanished.html')]);
    const view = (await (await get(`/api/extractions/${row.id}`)).json()) as ExtractionView;
    expect(view.result).toMatchObject({ error: ERROR_MESSAGES.HOST_NOT_FOUND, errorCode: 'HOST_NOT_FOUND' });
  });

  it('keeps the English of codes it does not know (a newer worker) and drops only the codes', async () => {
    const res = await post('/api/extract-images', { url: fixtures.url('/pages/newer.html') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ExtractionResponse;
    expect(body).toMatchObject({ error: 'Some new trouble.', warnings: ['A new warning.'] });
    expect(body.files).toHaveLength(3);
    expect(body).not.toHaveProperty('errorCode');
    expect(body).not.toHaveProperty('warningDetails');
  });

  it('still returns an extraction stored before codes were (English only)', async () => {
    const id = randomUUID();
    await gateway.app.get(DataSource).query(
      `INSERT INTO extractions (id, url, "ownerSubject", status, "sourceUrl", error, warnings, limits, "performanceInfo", "completedAt")
       VALUES ($1, 'https://example.com/', $4, 'completed', 'https://example.com/', 'Old error.', '["Old words."]', $2, $3, now())`,
      [
        id,
        JSON.stringify({ total: 500, used: 1, remaining: 499, role: 'free' }),
        JSON.stringify({ timeMs: 5, method: 'static' }),
        visitorSubjectOf(visitor),
      ],
    );
    const res = await get(`/api/extractions/${id}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as ExtractionView;
    expect(view.result).toEqual({
      files: [],
      sourceUrl: 'https://example.com/',
      error: 'Old error.',
      warnings: ['Old words.'],
      limits: { total: 500, used: 1, remaining: 499, role: 'free' },
      performanceInfo: { timeMs: 5, method: 'static' },
    });
  });

  it('answers 404 for an unknown or malformed extraction id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' OR '1'='1"]) {
      const res = await get(`/api/extractions/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'EXTRACTION_NOT_FOUND', message: 'No extraction with that id.' });
    }
  });

  it('is healthy and ready', async () => {
    expect((await fetch(`${gateway.base}/health`)).status).toBe(200);
    expect(await (await fetch(`${gateway.base}/ready`)).json()).toEqual({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok' },
    });
  });
});

/** The quota subject of a browser's signed visitor cookie (`s:<id>.<signature>`, URL-encoded). */
export function visitorSubjectOf(browser: CookieJar): string {
  const signed = decodeURIComponent(browser.get('pixtract.visitor') ?? '');
  return `visitor:${signed.slice('s:'.length, signed.lastIndexOf('.'))}`;
}
