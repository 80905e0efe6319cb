import { ExtractionView } from '@pixtract/contracts';
import {
  ExtractorProcess,
  ExtractorProcesses,
  FixtureServer,
  RedisServerProcess,
  startFixtureServer,
  untilStatus,
} from '@pixtract/testing';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

jest.setTimeout(120_000);

const EXTRACTIONS = 4;

describe('Redis restarted during a run (own redis-server with its append-only file; real gateway, auth, extractor)', () => {
  let redis: RedisServerProcess;
  let gateway: GatewayHarness;
  let fixtures: FixtureServer;
  let workers: ExtractorProcesses;
  let worker: ExtractorProcess;

  beforeAll(async () => {
    redis = await RedisServerProcess.start();
    fixtures = await startFixtureServer();
    gateway = await startGateway('gateway_redis_restart', {
      REDIS_URL: redis.url,
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
    });
    workers = new ExtractorProcesses({
      REDIS_URL: redis.url,
      QUEUE_PREFIX: gateway.queuePrefix,
      EXTRACTOR_CONCURRENCY: '1',
    });
    worker = await workers.startReady();
  });
  afterAll(async () => {
    await workers.stopAll();
    await gateway.close();
    await fixtures.close();
    await redis.close();
  });

  it('services reconnect, /ready goes 503 then 200, and no queued extraction is lost', async () => {
    // The socket is the visitor's (its handshake carries their cookie): only an extraction's owner may follow it.
    const visitor = await gateway.returningVisitor();
    const socket = await gateway.connectSocket(visitor);
    const completions = new Set<string>();
    socket.on('extraction:completed', ({ extractionId }) => completions.add(extractionId));

    const ids: string[] = [];
    for (let i = 0; i < EXTRACTIONS; i += 1) {
      const res = await visitor.fetch('/api/extractions', {
        method: 'POST',
        json: { url: fixtures.url(`/delay/2000/pages/basic.html?extraction=${i}`), mode: 'browser' },
      });
      expect(res.status).toBe(202);
      const { extractionId } = (await res.json()) as { extractionId: string };
      await expect(socket.emitWithAck('extraction:follow', extractionId)).resolves.toEqual({ ok: true });
      ids.push(extractionId);
    }
    // One running on the worker, the others queued, when Redis goes away.
    await new Promise<void>((resolve) =>
      socket.on('extraction:progress', ({ stage }) => stage === 'loading' && resolve()),
    );

    await redis.stop();
    await untilStatus(`${gateway.base}/ready`, 503, 20_000);
    await untilStatus(`${worker.base}/ready`, 503, 20_000);

    await redis.restart();
    await untilStatus(`${gateway.base}/ready`, 200, 30_000);
    await untilStatus(`${worker.base}/ready`, 200, 30_000);

    // Every extraction finishes and its browser is told so live: the queue's event stream was followed on after
    // the reconnection, so nothing had to be asked for again.
    const deadline = Date.now() + 60_000;
    while (completions.size < ids.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(ids.filter((id) => !completions.has(id))).toEqual([]);
    // None lost with the connection, none failed by it.
    for (const id of ids) {
      const view = (await (await visitor.fetch(`/api/extractions/${id}`)).json()) as ExtractionView;
      expect([id, view.status, view.result?.files.length]).toEqual([id, 'completed', 3]);
    }

    // And the live path works again: a new extraction after the restart is followed to its end over the socket.
    const res = await visitor.fetch('/api/extractions', {
      method: 'POST',
      json: { url: fixtures.url('/pages/basic.html?after-restart'), mode: 'static' },
    });
    const { extractionId } = (await res.json()) as { extractionId: string };
    const completed = new Promise<string>((resolve) =>
      socket.on('extraction:completed', (event) => event.extractionId === extractionId && resolve(event.extractionId)),
    );
    await expect(socket.emitWithAck('extraction:follow', extractionId)).resolves.toEqual({ ok: true });
    await expect(completed).resolves.toBe(extractionId);
  });
});
