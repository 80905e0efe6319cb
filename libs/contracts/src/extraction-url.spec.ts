import { ErrorCode } from './errors';
import { normaliseExtractionUrl } from './extraction-url';

describe('normaliseExtractionUrl', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['  example.com/gallery?x=1  ', 'https://example.com/gallery?x=1'],
    ['http://example.com/a', 'http://example.com/a'],
    ['HTTPS://Example.com', 'https://example.com/'],
    ['example.com:8080/page', 'https://example.com:8080/page'],
    ['localhost:3000', 'https://localhost:3000/'],
    ['http://127.0.0.1:8080/a', 'http://127.0.0.1:8080/a'],
    ['http://[::1]/', 'http://[::1]/'],
    ['bücher.example', 'https://xn--bcher-kva.example/'],
  ])('normalises %p to %p', (input, expected) => {
    expect(normaliseExtractionUrl(input)).toEqual({ ok: true, url: expected });
  });

  it.each([
    ['', ErrorCode.UrlRequired],
    ['   ', ErrorCode.UrlRequired],
    ['ftp://example.com/file', ErrorCode.UnsupportedScheme],
    ['file:///etc/passwd', ErrorCode.UnsupportedScheme],
    ['javascript:alert(1)', ErrorCode.UnsupportedScheme],
    ['http://user:pw@example.com/', ErrorCode.CredentialsInUrl],
    ['https://exa mple.com', ErrorCode.InvalidUrl],
    // A host needs a dot, or is localhost or an IP literal.
    ['foo', ErrorCode.InvalidUrl],
    ['ht!tp://::', ErrorCode.InvalidUrl],
    ['https://intranet/page', ErrorCode.InvalidUrl],
  ])('refuses %p with %p', (input, code) => {
    expect(normaliseExtractionUrl(input)).toEqual({ ok: false, code });
  });

  it('refuses a URL over 2,048 characters', () => {
    expect(normaliseExtractionUrl(`https://example.com/${'a'.repeat(2100)}`)).toEqual({
      ok: false,
      code: ErrorCode.UrlTooLong,
    });
  });
});
