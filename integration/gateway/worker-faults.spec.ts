import { ExtractionView } from '@pixtract/contracts';
import { ExtractorProcesses, FixtureServer, startFixtureServer } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

jest.setTimeout(240_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const EXTRACTIONS = 6;
const IMAGES_PER_PAGE = 3;

/** Resolves once `condition` holds, polling (the machine is shared: no fixed waits). */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('three extractor processes, one killed with SIGKILL mid-job (real gateway, auth, Redis, Postgres, Chromium)', () => {
  let gateway: GatewayHarness;
  let fixtures: FixtureServer;
  let workers: ExtractorProcesses;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    gateway = await startGateway('gateway_worker_faults', { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' });
    workers = new ExtractorProcesses({ REDIS_URL, QUEUE_PREFIX: gateway.queuePrefix, EXTRACTOR_CONCURRENCY: '1' });
  });
  afterAll(async () => {
    await workers.stopAll();
    await gateway.close();
    await fixtures.close();
  });

  it('completes every extraction exactly once and charges the quota once', async () => {
    const [victim] = await Promise.all([workers.startReady(), workers.startReady(), workers.startReady()]);
    // The socket is the visitor's (its handshake carries their cookie): only an extraction's owner may follow it.
    const visitor = await gateway.returningVisitor();
    const socket = await gateway.connectSocket(visitor);
    const loading = new Set<string>();
    const completions = new Map<string, number>();
    socket.on('extraction:progress', ({ extractionId, stage }) => stage === 'loading' && loading.add(extractionId));
    socket.on('extraction:completed', ({ extractionId }) =>
      completions.set(extractionId, (completions.get(extractionId) ?? 0) + 1),
    );

    const pages = Array.from({ length: EXTRACTIONS }, (_, i) => `/delay/2500/pages/basic.html?extraction=${i}`);
    const ids: string[] = [];
    for (const page of pages) {
      const res = await visitor.fetch('/api/extractions', {
        method: 'POST',
        json: { url: fixtures.url(page), mode: 'browser' },
      });
      expect(res.status).toBe(202);
      const { extractionId } = (await res.json()) as { extractionId: string };
      await expect(socket.emitWithAck('extraction:follow', extractionId)).resolves.toEqual({ ok: true });
      ids.push(extractionId);
    }

    // Every worker holds a job (one each): killing any of them kills a job mid-page.
    await until(() => loading.size >= 3, 60_000, 'three extractions loading');
    await workers.kill(victim);

    // A hang guard, not a speed check: six browser pages on a machine loaded by the other suites take long.
    await until(() => ids.every((id) => completions.has(id)), 180_000, 'every extraction completed');
    for (const id of ids) {
      const view = (await (await visitor.fetch(`/api/extractions/${id}`)).json()) as ExtractionView;
      expect([id, view.status, view.result?.files.length]).toEqual([id, 'completed', IMAGES_PER_PAGE]);
    }

    // Exactly once: one completion event each, one stored set of files each...
    expect([...completions.values()]).toEqual(ids.map(() => 1));
    const stored = await gateway.app
      .get(DataSource)
      .query(`SELECT "extractionId", count(*)::int AS files FROM extracted_files GROUP BY 1`);
    expect(stored).toHaveLength(EXTRACTIONS);
    expect(stored.map((row: { files: number }) => row.files)).toEqual(ids.map(() => IMAGES_PER_PAGE));
    // ...one charge each in auth's ledger, and the day's counters add up to those charges, not more.
    const ledger = gateway.authApp!.get(DataSource);
    const events = await ledger.query(`SELECT "extractionId", "granted" FROM usage_events`);
    expect(events.map((event: { extractionId: string }) => event.extractionId).sort()).toEqual([...ids].sort());
    expect(events.map((event: { granted: number }) => event.granted)).toEqual(ids.map(() => IMAGES_PER_PAGE));
    // A visitor is charged on their own counter and on their address's (docs/decisions/accounts.md): each once.
    const counters: Array<{ subject: string; used: number }> = await ledger.query(
      `SELECT "subject", "used" FROM quota_usage ORDER BY "subject"`,
    );
    expect(counters.map((counter) => counter.subject.split(':')[0])).toEqual(['ip', 'visitor']);
    expect(counters.map((counter) => counter.used)).toEqual([
      EXTRACTIONS * IMAGES_PER_PAGE,
      EXTRACTIONS * IMAGES_PER_PAGE,
    ]);

    // The killed worker's job really was cut off and run again: its page was opened twice, every other once.
    const opened = pages.map((page) => fixtures.requests.filter((path) => path === page).length).sort();
    expect(opened).toEqual([...pages.slice(1).map(() => 1), 2]);
  });
});
