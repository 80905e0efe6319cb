import { HttpException } from '@nestjs/common';
import type { Request } from 'express';
import { networkInterfaces } from 'node:os';
import { siteOrigin } from './site-origin';

const request = (protocol: string, host: string | undefined) =>
  ({ protocol, get: (name: string) => (name === 'host' ? host : undefined) }) as unknown as Request;

const refusal = (host: string | undefined) => {
  try {
    siteOrigin(request('http', host), undefined);
  } catch (error) {
    return error instanceof HttpException ? [error.getStatus(), error.getResponse()] : error;
  }
  return 'answered';
};

describe('siteOrigin', () => {
  it('is PUBLIC_URL when the operators set it, whatever the request says', () => {
    expect(siteOrigin(request('http', 'evil.example'), 'https://pixtract.example')).toBe('https://pixtract.example');
  });

  it("is the request's own origin when it names this machine", () => {
    expect(siteOrigin(request('http', 'localhost:3000'), undefined)).toBe('http://localhost:3000');
    expect(siteOrigin(request('http', 'LOCALHOST:3000'), undefined)).toBe('http://localhost:3000');
    expect(siteOrigin(request('http', '127.0.0.1:3000'), undefined)).toBe('http://127.0.0.1:3000');
    expect(siteOrigin(request('http', '[::1]:3000'), undefined)).toBe('http://[::1]:3000');
    expect(siteOrigin(request('http', undefined), undefined)).toBe('http://localhost');
    const own = Object.values(networkInterfaces())
      .flat()
      .find((info) => info?.family === 'IPv4' && !info.internal);
    if (own) expect(siteOrigin(request('http', `${own.address}:3000`), undefined)).toBe(`http://${own.address}:3000`);
  });

  it('refuses any other Host with 421 in plain words (no PUBLIC_URL to write instead)', () => {
    for (const host of ['evil.example', 'Pixtract.Example', 'localhost.evil.example', '127.0.0.2', 'a b"><script>'])
      expect([host, refusal(host)]).toEqual([
        host,
        [421, { statusCode: 421, code: 'WRONG_HOST', message: 'This site is not served at that address.' }],
      ]);
  });
});
