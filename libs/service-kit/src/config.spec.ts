import { z } from 'zod';
import { ConfigError, envFlag, envPort, envRedisUrl, loadConfig } from './config';

const schema = z.object({ PORT: envPort(3000), REDIS_URL: envRedisUrl, PIXTRACT_ALLOW_PRIVATE_NETWORKS: envFlag });

describe('loadConfig', () => {
  it('applies defaults and coerces values', () => {
    expect(loadConfig('gateway', schema, { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' })).toEqual({
      PORT: 3000,
      REDIS_URL: 'redis://127.0.0.1:6379',
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: true,
    });
  });

  it('lists every bad variable in one readable message', () => {
    const load = () =>
      loadConfig('gateway', schema, { PORT: 'eighty', REDIS_URL: 'http://x', PIXTRACT_ALLOW_PRIVATE_NETWORKS: 'yes' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/Invalid configuration for gateway:\n {2}- PORT: expected a port number \(got "eighty"\)/);
    expect(load).toThrow(/- REDIS_URL: expected a redis: or rediss:\/\/ URL/);
    expect(load).toThrow(/- PIXTRACT_ALLOW_PRIVATE_NETWORKS: expected 1, 0, true or false/);
  });
});
