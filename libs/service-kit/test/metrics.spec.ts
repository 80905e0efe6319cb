import { Controller, Get, INestApplication, Module, Param } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { createService } from '../src/bootstrap';
import { loggingModule } from '../src/logging.module';
import { MetricsListener } from '../src/metrics/metrics.listener';
import { Counter, MetricsRegistry } from '../src/metrics/metrics.registry';

@Controller('items')
class ItemsController {
  private readonly opened: Counter;

  constructor(metrics: MetricsRegistry) {
    this.opened = metrics.counter({ name: 'pixtract_items_opened_total', help: 'Items opened' });
  }

  @Get(':id')
  item(@Param('id') id: string) {
    this.opened.inc();
    return { id };
  }
}

@Module({ imports: [loggingModule('probe', 'silent')], controllers: [ItemsController] })
class ItemsModule {}

const baseOf = (app: INestApplication) => `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

describe('metrics', () => {
  describe('on the service port (an internal service)', () => {
    let app: INestApplication;
    let base: string;

    beforeAll(async () => {
      app = await createService({ name: 'probe', module: ItemsModule, port: 0, metrics: { mounts: ['/relayed'] } });
      base = baseOf(app);
    });
    afterAll(() => app.close());

    it('labels latency by route pattern, never by raw URL, and serves the feature metrics and Node process metrics', async () => {
      for (const id of ['a', 'b', 'c']) await fetch(`${base}/items/${id}?q=${id}`);
      await fetch(`${base}/relayed/deep/path`);
      await fetch(`${base}/nowhere/${Math.random()}`);

      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain(
        'pixtract_http_request_duration_seconds_count{service="probe",method="GET",route="/items/:id",status_code="200"} 3',
      );
      expect(text).toContain('route="/relayed/*",status_code="404"');
      expect(text).toContain('route="unmatched",status_code="404"');
      expect(text).not.toMatch(/route="\/items\/[abc]/);
      expect(text).not.toContain('nowhere');
      expect(text).toContain('pixtract_items_opened_total{service="probe"} 3');
      expect(text).toContain('pixtract_process_resident_memory_bytes{service="probe"}');
    });
  });

  describe('on a port of its own (a public service)', () => {
    let app: INestApplication;

    beforeAll(async () => {
      app = await createService({ name: 'public', module: ItemsModule, port: 0, metrics: { port: 0 } });
    });
    afterAll(() => app.close());

    it('is served on the metrics port only', async () => {
      await fetch(`${baseOf(app)}/items/1`);
      expect((await fetch(`${baseOf(app)}/metrics`)).status).toBe(404);
      const scrape = await fetch(app.get(MetricsListener).url);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('route="/items/:id"');
      expect((await fetch(app.get(MetricsListener).url.replace('/metrics', '/other'))).status).toBe(404);
    });
  });
});
