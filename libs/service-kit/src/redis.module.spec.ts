import { redisConnectionOptions } from './redis.module';

describe('redisConnectionOptions', () => {
  it('reads host, port, credentials, database and TLS from the URL', () => {
    expect(redisConnectionOptions('rediss://user:p%40ss@cache.internal:6380/2')).toMatchObject({
      host: 'cache.internal',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      tls: {},
      maxRetriesPerRequest: null,
    });
    expect(redisConnectionOptions('redis://127.0.0.1:6379')).toMatchObject({
      host: '127.0.0.1',
      port: 6379,
      db: 0,
      tls: undefined,
    });
  });
});
