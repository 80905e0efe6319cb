import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WEB_DIST } from '../lib/paths.mjs';
import { describeGoogle, usesGoogleSimulator } from '../lib/google.mjs';
import { describePayPal, usesPayPalSimulator } from '../lib/paypal.mjs';
import { databaseNames, stackPorts, serviceProcesses } from '../lib/services.mjs';

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

  it('lists every port a stack listens on, the metrics port included, for the e2e set-up to check', () => {
    const listening = serviceProcesses(options).flatMap(({ env }) => [env.PORT, env.METRICS_PORT].filter(Boolean));
    assert.deepEqual(stackPorts(3100), [3100, 3101, 3102, 3103, 3104, 3106]);
    assert.deepEqual(stackPorts(3100).map(String).sort(), listening.sort());
  });

  it('puts each database on the given server, keeping its credentials and options', () => {
    const services = byName(serviceProcesses(options));
    assert.equal(
      services.gateway.env.DATABASE_URL,
      'postgres://app:s3cret@db.internal:6543/pixtract_e2e_gateway?sslmode=require',
    );
    assert.equal(
      services.auth.env.DATABASE_URL,
      'postgres://app:s3cret@db.internal:6543/pixtract_e2e_auth?sslmode=require',
    );
    assert.equal(
      services.billing.env.DATABASE_URL,
      'postgres://app:s3cret@db.internal:6543/pixtract_e2e_billing?sslmode=require',
    );
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
    // base + 6: base + 5 is the PayPal simulator's under npm start.
    assert.equal(gateway.env.METRICS_PORT, '3106');
    assert.equal(extractor.env.CHROMIUM_PATH, '/opt/chromium');
    assert.equal(extractor.env.QUEUE_PREFIX, 'pixtract-e2e');
    assert.equal(extractor.env.REDIS_URL, 'redis://127.0.0.1:6380');
  });

  it('gives every service the one internal token it is handed', () => {
    const processes = serviceProcesses({ ...options, internalToken: 't'.repeat(64) });
    assert.deepEqual(new Set(processes.map((service) => service.env.INTERNAL_TOKEN)), new Set(['t'.repeat(64)]));
  });

  it('sets PIXTRACT_ALLOW_PRIVATE_NETWORKS only when asked, so a user setting passes through otherwise', () => {
    assert.equal(serviceProcesses(options)[0].env.PIXTRACT_ALLOW_PRIVATE_NETWORKS, undefined);
    assert.equal(
      serviceProcesses({ ...options, allowPrivateNetworks: true })[0].env.PIXTRACT_ALLOW_PRIVATE_NETWORKS,
      '1',
    );
  });

  it('runs the built entry points, under node --watch in dev mode', () => {
    const [gateway] = serviceProcesses(options);
    assert.equal(gateway.command, process.execPath);
    assert.match(gateway.args.at(-1), /services\/gateway\/dist\/main\.js$/);
    assert.equal(serviceProcesses({ ...options, watch: true })[0].args[0], '--watch');
  });
});

describe('PayPal for the stack', () => {
  it('runs the simulator when no PayPal app is configured, and the real PayPal when one is', () => {
    assert.equal(usesPayPalSimulator({}), true);
    assert.equal(usesPayPalSimulator({ PAYPAL_CLIENT_ID: 'id' }), true);
    assert.equal(usesPayPalSimulator({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }), false);
  });

  it('adds the simulator as a process on its port, posting its webhooks to the gateway', () => {
    const processes = byName(serviceProcesses({ ...options, payPalSimulatorPort: 3999 }));
    assert.deepEqual(Object.keys(processes), ['gateway', 'auth', 'extractor', 'zipper', 'billing', 'paypal']);
    assert.equal(processes.paypal.env.PORT, '3999');
    assert.equal(processes.paypal.readyUrl, 'http://127.0.0.1:3999/ready');
    assert.match(processes.paypal.args.at(-1), /simulators\/paypal\/dist\/main\.js$/);
    assert.equal(processes.paypal.env.PAYPAL_SIMULATOR_WEBHOOK_URL, 'http://127.0.0.1:3100/api/billing/paypal/webhook');
  });

  it('points billing and the gateway at the simulator with one set of credentials, whatever PayPal settings are inherited', () => {
    const { paypal, billing, gateway } = byName(serviceProcesses({ ...options, payPalSimulatorPort: 3999 }));
    assert.deepEqual(
      [
        billing.env.PAYPAL_API_BASE,
        billing.env.PAYPAL_CERT_HOSTS,
        billing.env.PAYPAL_CLIENT_ID,
        billing.env.PAYPAL_WEBHOOK_ID,
      ],
      ['http://127.0.0.1:3999', 'http://127.0.0.1:3999', paypal.env.PAYPAL_CLIENT_ID, paypal.env.PAYPAL_WEBHOOK_ID],
    );
    assert.equal(billing.env.PAYPAL_CLIENT_SECRET, paypal.env.PAYPAL_CLIENT_SECRET);
    assert.equal(billing.env.BILLING_TEST_CLOCK, '1');
    assert.deepEqual(
      [gateway.env.PAYPAL_SDK_URL, gateway.env.PAYPAL_CLIENT_ID, gateway.env.PAYPAL_TEST_PAYMENTS],
      ['http://127.0.0.1:3999/sdk/js', paypal.env.PAYPAL_CLIENT_ID, '1'],
    );
    for (const nodeEnv of ['development', 'production']) {
      const started = byName(serviceProcesses({ ...options, nodeEnv, payPalSimulatorPort: 3999 }));
      assert.equal(started.billing.env.BILLING_TEST_CLOCK, '0', `no test clock under NODE_ENV=${nodeEnv}`);
    }
  });

  it('leaves PayPal to the environment without a simulator, and sends buyers back to the public address', () => {
    const processes = byName(serviceProcesses(options));
    assert.equal(processes.paypal, undefined);
    assert.equal(processes.billing.env.PAYPAL_API_BASE, undefined);
    assert.equal(processes.gateway.env.PAYPAL_SDK_URL, undefined);
    assert.equal(processes.billing.env.PUBLIC_URL, 'http://localhost:3100');
    assert.equal(
      byName(serviceProcesses({ ...options, publicUrl: 'https://pixtract.example' })).billing.env.PUBLIC_URL,
      'https://pixtract.example',
    );
  });

  it('says which PayPal takes the payments', () => {
    assert.match(
      describePayPal({ origin: 'http://127.0.0.1:3005' }),
      /simulator at http:\/\/127\.0\.0\.1:3005 \(test payments/,
    );
    assert.equal(
      describePayPal(undefined, { PAYPAL_API_BASE: 'https://api-m.paypal.com' }),
      'PayPal: https://api-m.paypal.com',
    );
  });
});

describe('Google sign-in for the stack', () => {
  it('runs the simulator when no Google client is configured, and the real Google when one is', () => {
    assert.equal(usesGoogleSimulator({}), true);
    assert.equal(usesGoogleSimulator({ GOOGLE_CLIENT_ID: 'id' }), true);
    assert.equal(usesGoogleSimulator({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }), false);
  });

  it('adds the simulator as a process on its port, sending browsers back to auth on the public address', () => {
    const processes = byName(serviceProcesses({ ...options, googleSimulatorPort: 3998 }));
    assert.deepEqual(Object.keys(processes), ['gateway', 'auth', 'extractor', 'zipper', 'billing', 'google']);
    assert.equal(processes.google.env.PORT, '3998');
    assert.equal(processes.google.readyUrl, 'http://127.0.0.1:3998/ready');
    assert.match(processes.google.args.at(-1), /simulators\/google\/src\/main\.mjs$/);
    assert.equal(processes.google.env.GOOGLE_SIMULATOR_REDIRECT_URIS, 'http://localhost:3100/api/auth/google/callback');
    assert.equal(processes.auth.env.PUBLIC_URL, 'http://localhost:3100');
  });

  it('points auth at the simulator with its client, as a test sign-in, whatever Google settings are inherited', () => {
    const { google, auth } = byName(serviceProcesses({ ...options, googleSimulatorPort: 3998 }));
    assert.deepEqual(
      [auth.env.GOOGLE_ISSUER, auth.env.GOOGLE_CLIENT_ID, auth.env.GOOGLE_CLIENT_SECRET, auth.env.GOOGLE_TEST_SIGN_IN],
      ['http://127.0.0.1:3998', google.env.GOOGLE_CLIENT_ID, google.env.GOOGLE_CLIENT_SECRET, '1'],
    );
    const plain = byName(serviceProcesses(options));
    assert.equal(plain.google, undefined);
    assert.equal(plain.auth.env.GOOGLE_ISSUER, undefined);
    assert.equal(plain.auth.env.GOOGLE_TEST_SIGN_IN, undefined);
  });

  it('says where Google sign-in goes', () => {
    assert.match(
      describeGoogle({ origin: 'http://127.0.0.1:41234' }),
      /simulator at http:\/\/127\.0\.0\.1:41234 \(test sign-in/,
    );
    assert.equal(describeGoogle(undefined, {}), 'Google sign-in: https://accounts.google.com');
  });
});
