import { ExtractionProgress, ExtractionResponse, ExtractionView } from '@pixtract/contracts';
import { ExtractorProcesses, FixtureServer, startFixtureServer } from '@pixtract/testing';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

jest.setTimeout(90_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('every size of a picture and its kind through POST /api/extractions (real gateway, auth, Redis, Postgres, extractor, Chromium)', () => {
  let gateway: GatewayHarness;
  let fixtures: FixtureServer;
  let workers: ExtractorProcesses;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    gateway = await startGateway('gateway_variants', { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' });
    workers = new ExtractorProcesses({ REDIS_URL, QUEUE_PREFIX: gateway.queuePrefix, EXTRACTOR_CONCURRENCY: '1' });
    await workers.startReady();
  });
  afterAll(async () => {
    await workers.stopAll();
    await gateway.close();
    await fixtures.close();
  });

  it('answers each file with its renditions (sizes included) and its kind, live and stored, and relays the time and bytes of progress', async () => {
    const visitor = await gateway.returningVisitor();
    const socket = await gateway.connectSocket(visitor);
    const res = await visitor.fetch('/api/extractions', {
      method: 'POST',
      json: { url: fixtures.url('/pages/catalogue/renditions.html'), mode: 'browser' },
    });
    expect(res.status).toBe(202);
    const { extractionId } = (await res.json()) as { extractionId: string };
    const progress: ExtractionProgress[] = [];
    socket.on('extraction:progress', (event) => event.extractionId === extractionId && progress.push(event));
    const completed = new Promise<ExtractionResponse>((resolve) =>
      socket.on('extraction:completed', (event) => event.extractionId === extractionId && resolve(event.result)),
    );
    await expect(socket.emitWithAck('extraction:follow', extractionId)).resolves.toEqual({ ok: true });
    const live = await completed;

    const local = (url: string) => url.slice(fixtures.origin.length);
    const described = (files: ExtractionResponse['files']) =>
      Object.fromEntries(
        files
          .filter((file) => !file.duplicate)
          .map((file) => [
            local(file.fileUrl),
            {
              kind: file.kind,
              variants: file.variants?.map((variant) => [local(variant.fileUrl), variant.width, variant.height]),
            },
          ]),
      );
    const expected = {
      '/images/192x192.png?c=ea0003': {
        kind: 'icon',
        variants: [
          ['/images/180x180.png?c=ea0002', 180, 180],
          ['/images/32x32.png?c=ea0001', 32, 32],
        ],
      },
      '/wiki/a/ab/Bridge.png': {
        kind: 'photo',
        variants: [
          ['/wiki/thumb/a/ab/Bridge.png/125px-Bridge.png', 125, 83],
          ['/wiki/thumb/a/ab/Bridge.png/32px-Bridge.png', 32, 21],
        ],
      },
      '/wp-content/uploads/2024/06/harbour.png?w=640': {
        kind: 'photo',
        variants: [['/wp-content/uploads/2024/06/harbour-300x188.png', 300, 188]],
      },
      '/images/1600x1200.png?c=ea0010': { kind: 'photo', variants: [['/images/160x120.png?c=ea0011', 160, 120]] },
      '/images/1200x900.png?c=ea0022': {
        kind: 'photo',
        variants: [
          ['/images/800x600.png?c=ea0021', 800, 600],
          ['/images/400x300.png?c=ea0020', 400, 300],
        ],
      },
      '/images/900x600.png?c=ea0030&f=webp': {
        kind: 'photo',
        variants: [
          ['/images/450x300.png?c=ea0031&f=webp', 450, 300],
          ['/images/450x300.png?c=ea0032', 450, 300],
        ],
      },
    };
    expect(described(live.files)).toEqual(expected);
    // Stored in Postgres as given: a later GET answers the same.
    const view = (await (await visitor.fetch(`/api/extractions/${extractionId}`)).json()) as ExtractionView;
    expect(described(view.result!.files)).toEqual(expected);

    // The socket relays the worker's time and bytes with every stage.
    expect(progress.length).toBeGreaterThan(0);
    expect(
      progress.every((event) => typeof event.elapsedMs === 'number' && typeof event.bytesReceived === 'number'),
    ).toBe(true);
    expect(progress.at(-1)!.bytesReceived).toBeGreaterThan(0);
  });
});
