import { ExtractJobPayload } from '@pixtract/contracts';
import { CrawlQueue } from '../src/crawl/crawl.queue';
import { ExtractionQueue } from '../src/extraction/extraction.queue';
import { GatewayHarness, startGateway } from './gateway-harness';

/**
 * A visitor's single extraction never waits behind a crawl: crawl pages are queued at a lower BullMQ priority, so
 * a worker takes the extraction next even with a crawl's pages queued before it (real Redis and BullMQ).
 */
describe('crawl pages wait behind single extractions on the extraction queue', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway('gateway_crawl_priority');
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('takes a single extraction queued after 20 crawl pages before them', async () => {
    const page = (n: number): ExtractJobPayload => ({
      extractionId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      url: `https://example.com/page-${n}`,
      mode: 'auto',
      crawl: { crawlId: '11111111-1111-4111-8111-111111111111', scope: 'list', depth: 0, discover: false },
    });
    await gateway.app.get(CrawlQueue).enqueue(Array.from({ length: 20 }, (_, n) => page(n + 1)));
    const single = '22222222-2222-4222-8222-222222222222';
    await gateway.app.get(ExtractionQueue).enqueue({ extractionId: single, url: 'https://example.com/', mode: 'auto' });

    const order: string[] = [];
    // One worker taking one job at a time (BullMQ's default concurrency).
    const done = new Promise<void>((resolve) => {
      gateway.startWorker(async (job) => {
        order.push(job.data.extractionId);
        if (order.length === 21) resolve();
        return {
          files: [],
          sourceUrl: job.data.url,
          warnings: [],
          performanceInfo: { timeMs: 1, method: 'static' },
          totalImagesFound: 0,
        };
      });
    });
    await done;
    expect(order[0]).toBe(single);
    expect(order.slice(1)).toEqual(Array.from({ length: 20 }, (_, n) => page(n + 1).extractionId));
  });
});
