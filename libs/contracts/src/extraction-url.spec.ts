import { ErrorCode } from './errors';
import { normaliseExtractionUrl } from './extraction-url';

describe('normaliseExtractionUrl', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['  example.com/gallery?x=1  ', 'https://example.com/gallery?x=1'],
    ['http://example.com/a', 'http://example.com/a'],
    ['HTTPS://Example.com', 'https://example.com/'],
    ['example.com:8080/page', 'https://example.com:8080/page'],
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
