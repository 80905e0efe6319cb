import type { ReadinessCheck } from '@pixtract/service-kit';
import type { BrowserPoolService } from './browser-pool.service';

export const browserReadiness = (browsers: BrowserPoolService): ReadinessCheck => ({
  name: 'browser',
  check: () => (browsers.isConnected() ? Promise.resolve() : Promise.reject(new Error('browser not connected'))),
});
