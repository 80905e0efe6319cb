import { QueueName } from '@pixtract/contracts';
import { redisConnectionOptions } from '@pixtract/service-kit';
import { FixtureServer, metricValue, startFixtureServer } from '@pixtract/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('gateway metrics (real gateway, auth, Redis)', () => {
  let gateway: GatewayHarness;
  let fixtures: FixtureServer;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    // A day's quota of 0: every extraction is refused, which is what the refusal counter counts.
    gateway = await startGateway('gateway_metrics', {
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
      PIXTRACT_QUOTA_FREE_DAILY: '0',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await fixtures.close();
  });

  const scrape = async () => (await fetch(gateway.metricsUrl)).text();

  it('serves /metrics on its internal port only, never on the public one', async () => {
    const scraped = await fetch(gateway.metricsUrl);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(new URL(gateway.metricsUrl).port).not.toBe(new URL(gateway.base).port);
    const publicPort = await fetch(`${gateway.base}/metrics`, { headers: { accept: 'text/plain' } });
    expect(publicPort.status).toBe(404);
    expect(await publicPort.text()).not.toContain('pixtract_');
  });

  it('times requests by route pattern: its own routes, and the relayed ones by the prefix that relays them', async () => {
    await fetch(`${gateway.base}/api/extractions/${randomUUID()}`);
    await fetch(`${gateway.base}/api/extractions/${randomUUID()}`);
    await fetch(`${gateway.base}/api/auth/status`);
    const text = await scrape();
    expect(
      metricValue(text, 'pixtract_http_request_duration_seconds_count', {
        route: '/api/extractions/:id',
        status_code: '404',
        method: 'GET',
      }),
    ).toBe(2);
    expect(
      metricValue(text, 'pixtract_http_request_duration_seconds_count', { route: '/api/auth/*', status_code: '200' }),
    ).toBe(1);
    expect(text).not.toMatch(/route="\/api\/extractions\/[0-9a-f]{8}-/);

    // The auth service it relayed to has its own, on its own (internal) port.
    const auth = await (await fetch(`${gateway.authUrl}/metrics`)).text();
    expect(
      metricValue(auth, 'pixtract_http_request_duration_seconds_count', {
        service: 'auth',
        route: '/api/auth/status',
        status_code: '200',
      }),
    ).toBe(1);
  });

  it('counts quota refusals by plan', async () => {
    const before = metricValue(await scrape(), 'pixtract_quota_refusals_total', { role: 'free' });
    expect(before).toBe(0);
    const refused = await gateway.post('/api/extractions', { url: fixtures.url('/pages/basic.html') });
    expect(refused.status).toBe(429);
    expect(metricValue(await scrape(), 'pixtract_quota_refusals_total', { role: 'free' })).toBe(1);
  });

  it('reports every queue of the contracts by state', async () => {
    const connection = redisConnectionOptions(REDIS_URL);
    const screenshots = new Queue(QueueName.Screenshot, { connection, prefix: gateway.queuePrefix });
    try {
      await screenshots.add('screenshot', { url: 'https://example.com/' });
      await screenshots.add('screenshot', { url: 'https://example.org/' });
      const text = await scrape();
      for (const queue of Object.values(QueueName)) {
        for (const state of ['waiting', 'active', 'failed', 'delayed', 'completed'])
          expect([queue, state, metricValue(text, 'pixtract_queue_jobs', { queue, state })]).toEqual([
            queue,
            state,
            expect.any(Number),
          ]);
      }
      expect(metricValue(text, 'pixtract_queue_jobs', { queue: QueueName.Screenshot, state: 'waiting' })).toBe(2);
      expect(metricValue(text, 'pixtract_queue_jobs', { queue: QueueName.Extraction, state: 'waiting' })).toBe(0);
    } finally {
      await screenshots.obliterate({ force: true });
      await screenshots.close();
    }
  });
});
