import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WEB_DIST } from '../lib/paths.mjs';
import { databaseNames, serviceProcesses } from '../lib/services.mjs';

const options = {
  basePort: 3100,
  databaseServerUrl: 'postgres://app:s3cret@db.internal:6543/postgres?sslmode=require',
  databasePrefix: 'pixtract_e2e',
  redisUrl: 'redis://127.0.0.1:6380',
  chromiumPath: '/opt/chromium',
  queuePrefix: 'pixtract-e2e',
  nodeEnv: 'test',
  logLevel: 'warn',
};
const byName = (processes) => Object.fromEntries(processes.map((process) => [process.name, process]));

describe('service processes', () => {
  it('gives each service base port + its offset and a readiness URL on that port', () => {
    const services = byName(serviceProcesses(options));
    assert.deepEqual(
      Object.values(services).map((service) => [service.name, service.env.PORT, service.readyUrl]),
      [
        ['gateway', '3100', 'http://127.0.0.1:3100/ready'],
        ['auth', '3101', 'http://127.0.0.1:3101/ready'],
        ['extractor', '3102', 'http://127.0.0.1:3102/ready'],
        ['zipper', '3103', 'http://127.0.0.1:3103/ready'],
        ['billing', '3104', 'http://127.0.0.1:3104/ready'],
      ],
    );
  });

  it('puts each database on the given server, keeping its credentials and options', () => {
    const services = byName(serviceProcesses(options));
    assert.equal(services.gateway.env.DATABASE_URL, 'postgres://app:s3cret@db.internal:6543/pixtract_e2e_gateway?sslmode=require');
    assert.equal(services.auth.env.DATABASE_URL, 'postgres://app:s3cret@db.internal:6543/pixtract_e2e_auth?sslmode=require');
    assert.equal(services.billing.env.DATABASE_URL, 'postgres://app:s3cret@db.internal:6543/pixtract_e2e_billing?sslmode=require');
    assert.equal(services.extractor.env.DATABASE_URL, undefined);
    assert.equal(services.zipper.env.DATABASE_URL, undefined);
    assert.deepEqual(databaseNames('pixtract'), ['pixtract_gateway', 'pixtract_auth', 'pixtract_billing']);
  });

  it('tells the gateway where the web app and the other services are, and the extractor where Chromium is', () => {
    const { gateway, extractor } = byName(serviceProcesses(options));
    assert.equal(gateway.env.WEB_DIST, WEB_DIST);
    assert.equal(gateway.env.AUTH_URL, 'http://127.0.0.1:3101');
    assert.equal(gateway.env.ZIPPER_URL, 'http://127.0.0.1:3103');
    assert.equal(gateway.env.BILLING_URL, 'http://127.0.0.1:3104');
    assert.equal(gateway.env.METRICS_PORT, '3105');
    assert.equal(extractor.env.CHROMIUM_PATH, '/opt/chromium');
    assert.equal(extractor.env.QUEUE_PREFIX, 'pixtract-e2e');
    assert.equal(extractor.env.REDIS_URL, 'redis://127.0.0.1:6380');
  });

  it('sets PIXTRACT_ALLOW_PRIVATE_NETWORKS only when asked, so a user setting passes through otherwise', () => {
    assert.equal(serviceProcesses(options)[0].env.PIXTRACT_ALLOW_PRIVATE_NETWORKS, undefined);
    assert.equal(serviceProcesses({ ...options, allowPrivateNetworks: true })[0].env.PIXTRACT_ALLOW_PRIVATE_NETWORKS, '1');
  });

  it('runs the built entry points, under node --watch in dev mode', () => {
    const [gateway] = serviceProcesses(options);
    assert.equal(gateway.command, process.execPath);
    assert.match(gateway.args.at(-1), /services\/gateway\/dist\/main\.js$/);
    assert.equal(serviceProcesses({ ...options, watch: true })[0].args[0], '--watch');
  });
});
