import { environmentTableProblems } from '@pixtract/testing';
import { gatewayConfigSchema, loadGatewayConfig } from './gateway.config';

describe('PUBLIC_URL', () => {
  it('is unset unless the operators set it (absolute links then follow each request)', () => {
    expect(loadGatewayConfig({}).PUBLIC_URL).toBeUndefined();
  });

  it('keeps the origin of the address given', () => {
    expect(loadGatewayConfig({ PUBLIC_URL: 'https://Pixtract.example/some/path/' }).PUBLIC_URL).toBe(
      'https://pixtract.example',
    );
  });

  it.each(['ftp://pixtract.example', 'pixtract.example'])('refuses %s at boot', (value) => {
    expect(() => loadGatewayConfig({ PUBLIC_URL: value })).toThrow(
      /PUBLIC_URL: expected an http:\/\/ or https:\/\/ URL/,
    );
  });
});

describe('the environment', () => {
  it('is the README environment table: every variable the gateway reads has a row naming the gateway', () => {
    expect(environmentTableProblems('gateway', Object.keys(gatewayConfigSchema.shape))).toEqual([]);
  });
});
