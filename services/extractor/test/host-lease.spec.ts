import { uniqueQueuePrefix } from '@pixtract/testing';
import { loadExtractorConfig } from '../src/extractor.config';
import { BACKOFF_START_MS, HostLease, HostLeaseService } from '../src/crawl/host-lease.service';
import { redisWorkers } from './redis-workers.harness';

/** Two services on two Redis connections stand for two worker processes (real Redis). */
describe('HostLeaseService (real Redis)', () => {
  const config = loadExtractorConfig({
    QUEUE_PREFIX: uniqueQueuePrefix('host_lease'),
    CRAWL_HOST_MAX_IN_FLIGHT: '2',
    CRAWL_HOST_GAP_MS: '1',
  });
  const connect = redisWorkers(config);
  const worker = () => new HostLeaseService(connect(), config);

  it('lets at most 2 pages of a host be read at once, across workers', async () => {
    const [a, b] = [worker(), worker()];
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const first = await a.acquire('site.test', 0);
    await pause();
    const second = await b.acquire('site.test', 0);
    await pause();
    const third = await a.acquire('site.test', 0);
    expect([typeof first, typeof second, typeof third]).toEqual(['object', 'object', 'number']);
    expect(third).toBeGreaterThan(0);
    // Another host has its own limit.
    const other = await b.acquire('other.test', 0);
    expect(typeof other).toBe('object');
    await (first as HostLease).release();
    await pause();
    const fourth = await b.acquire('site.test', 0);
    expect(typeof fourth).toBe('object');
    await Promise.all([second, other, fourth].map((lease) => (lease as HostLease).release()));
  });

  it('waits in place for a lease that comes back soon, and answers a long wait at once', async () => {
    const [a, b] = [worker(), worker()];
    // The host's gap (1 ms here) holds between two takings too.
    const held: Array<HostLease | number> = [await a.acquire('waiting.test', 0)];
    await new Promise((resolve) => setTimeout(resolve, 5));
    held.push(await a.acquire('waiting.test', 0));
    expect(held.map((lease) => typeof lease)).toEqual(['object', 'object']);
    // Both of the host's leases are out; one comes back while the other worker waits for it.
    let answered = false;
    const waiting = b.acquireWithin('waiting.test', 0, 60_000).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    await (held[0] as HostLease).release();
    const taken = await waiting;
    expect(typeof taken).toBe('object');
    await Promise.all([held[1], taken].map((lease) => (lease as HostLease).release()));

    // A backed-off host's wait is longer than the worker would wait: the answer is the wait, for the queue to keep.
    await a.backOff('backed-off.test', 30);
    expect(await b.acquireWithin('backed-off.test', 0, 5_000)).toBeGreaterThan(29_000);
  });

  it('keeps the Crawl-delay between two pages of a host', async () => {
    const a = worker();
    const lease = await a.acquire('slow.test', 2);
    await (lease as HostLease).release();
    const wait = await a.acquire('slow.test', 2);
    expect(typeof wait).toBe('number');
    expect(wait).toBeGreaterThan(1_000);
  });

  it('reads a host with a Crawl-delay one page at a time, the delay counted from the end of the last page', async () => {
    const [a, b] = [worker(), worker()];
    const taken: Array<HostLease | number> = [await a.acquire('quiet.test', 0.2)];
    try {
      // The delay has passed, but the first page is still being read.
      await new Promise((resolve) => setTimeout(resolve, 300));
      taken.push(await b.acquire('quiet.test', 0.2));
      expect(typeof taken[1]).toBe('number');
      await (taken.shift() as HostLease).release();
      taken.push(await b.acquire('quiet.test', 0.2));
      expect(typeof taken.at(-1)).toBe('number');
      expect(taken.at(-1)).toBeGreaterThan(100);
    } finally {
      for (const lease of taken) if (typeof lease === 'object') await lease.release();
    }
  });

  it('backs a host off for its Retry-After, else twice as long each time', async () => {
    const a = worker();
    expect(await a.backOff('busy.test', 7)).toBe(7_000);
    expect(await a.acquire('busy.test', 0)).toBeGreaterThan(6_000);
    await a.recovered('busy.test');
    expect(await a.backOff('doubling.test')).toBe(BACKOFF_START_MS);
    expect(await a.backOff('doubling.test')).toBe(2 * BACKOFF_START_MS);
    expect(await a.backOff('doubling.test')).toBe(4 * BACKOFF_START_MS);
  });
});
