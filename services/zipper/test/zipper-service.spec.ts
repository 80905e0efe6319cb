import { createService } from '@pixtract/service-kit';
import { baseUrlOf } from '@pixtract/testing';
import { AppModule } from '../src/app.module';
import { loadZipperConfig } from '../src/zipper.config';

describe('zipper service skeleton (real Redis)', () => {
  it('is ready when Redis answers, and not ready when it does not', async () => {
    const up = await createService({
      name: 'zipper',
      module: AppModule.forRoot(loadZipperConfig({ LOG_LEVEL: 'silent' })),
      port: 0,
    });
    const down = await createService({
      name: 'zipper',
      module: AppModule.forRoot(loadZipperConfig({ LOG_LEVEL: 'silent', REDIS_URL: 'redis://127.0.0.1:1' })),
      port: 0,
    });
    try {
      expect((await fetch(`${baseUrlOf(up.getHttpServer())}/ready`)).status).toBe(200);
      const res = await fetch(`${baseUrlOf(down.getHttpServer())}/ready`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { checks: { redis: string } }).checks.redis).not.toBe('ok');
    } finally {
      await Promise.all([up.close(), down.close()].map((closing: Promise<void>) => closing.catch(() => undefined)));
    }
  });
});
