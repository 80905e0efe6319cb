import type { Request } from 'express';
import { siteOrigin } from './site-origin';

const request = (protocol: string, host: string | undefined) =>
  ({ protocol, get: (name: string) => (name === 'host' ? host : undefined) }) as unknown as Request;

describe('siteOrigin', () => {
  it('is PUBLIC_URL when the operators set it, whatever the request says', () => {
    expect(siteOrigin(request('http', 'evil.example'), 'https://pixtract.example')).toBe('https://pixtract.example');
  });

  it("is the request's own origin otherwise", () => {
    expect(siteOrigin(request('http', 'localhost:3000'), undefined)).toBe('http://localhost:3000');
    expect(siteOrigin(request('https', 'Pixtract.Example'), undefined)).toBe('https://pixtract.example');
  });

  it('is localhost when the Host header names no host', () => {
    expect(siteOrigin(request('http', 'a b"><script>'), undefined)).toBe('http://localhost');
    expect(siteOrigin(request('http', undefined), undefined)).toBe('http://localhost');
  });
});
