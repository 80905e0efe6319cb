import { uniqueQueuePrefix } from '@pixtract/testing';
import { loadExtractorConfig } from '../src/extractor.config';
import { HostRequestGate, SLOT_MS } from '../src/crawl/host-request-gate.service';
import { redisWorkers } from './redis-workers.harness';

/** Two gates on two Redis connections stand for two worker processes (real Redis). */
describe('HostRequestGate (real Redis)', () => {
  const gates: HostRequestGate[] = [];
  const config = loadExtractorConfig({
    QUEUE_PREFIX: uniqueQueuePrefix('host_requests'),
    CRAWL_HOST_MAX_IN_FLIGHT: '2',
  });
  const connect = redisWorkers(config);
  const worker = () => {
    const gate = new HostRequestGate(connect(), config);
    gates.push(gate);
    return gate;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  afterAll(() => gates.forEach((gate) => gate.onApplicationShutdown()));

  it('admits at most 2 requests to a host at once across workers, and every one in turn', async () => {
    const [a, b] = [worker(), worker()];
    let inFlight = 0;
    let most = 0;
    const request = async (gate: HostRequestGate, host: string) => {
      const leave = await gate.enter(host);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await sleep(10);
      inFlight -= 1;
      leave();
    };
    await Promise.all(Array.from({ length: 24 }, (_, i) => request(i % 2 ? a : b, 'site.test')));
    expect(most).toBe(2);
  });

  it('keeps hosts apart: a busy host does not hold another back', async () => {
    const gate = worker();
    const held = await Promise.all([gate.enter('busy.test'), gate.enter('busy.test')]);
    const other = await gate.enter('quiet.test');
    other();
    held.forEach((leave) => leave());
  });

  it('gives up waiting when the request is aborted, and lets the slot go once only', async () => {
    const gate = worker();
    const [first, second] = await Promise.all([gate.enter('abort.test'), gate.enter('abort.test')]);
    const controller = new AbortController();
    const waiting = gate.enter('abort.test', controller.signal);
    controller.abort(new Error('page closed'));
    await expect(waiting).rejects.toThrow('page closed');
    first();
    first();
    // One slot free (the second left twice would have freed two): a third request gets in, a fourth waits.
    const third = await gate.enter('abort.test');
    const fourth = gate.enter('abort.test');
    const raced = await Promise.race([fourth.then(() => 'admitted'), sleep(100).then(() => 'waiting')]);
    expect(raced).toBe('waiting');
    second();
    (await fourth)();
    third();
  });

  it(
    'frees the slots of a worker that died holding them after their time, not before',
    async () => {
      const [dead, alive] = [worker(), worker()];
      await Promise.all([dead.enter('lapse.test'), dead.enter('lapse.test')]);
      // The dead worker no longer renews them (as if killed with SIGKILL).
      dead.onApplicationShutdown();
      const started = Date.now();
      const leave = await alive.enter('lapse.test');
      const waited = Date.now() - started;
      leave();
      // Not before the slots' time (they were never renewed); however late after it, a loaded machine decides.
      expect(waited).toBeGreaterThanOrEqual(SLOT_MS - 100);
    },
    SLOT_MS * 3,
  );
});
