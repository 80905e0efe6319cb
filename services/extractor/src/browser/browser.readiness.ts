import type { ReadinessCheck } from '@pixtract/service-kit';
import type { BrowserPoolService } from './browser-pool.service';

export const browserReadiness = (browsers: BrowserPoolService): ReadinessCheck => ({
  name: 'browser',
  check: async () => {
    if (!browsers.isConnected()) throw new Error('browser not connected');
  },
});
