import { resolvePageRoute } from './page-route';

describe('resolvePageRoute', () => {
  it.each([
    ['/', { kind: 'page', language: 'en', page: 'home' }],
    ['/ar', { kind: 'page', language: 'ar', page: 'home' }],
    ['/ar/', { kind: 'page', language: 'ar', page: 'home' }],
    ['/pricing', { kind: 'page', language: 'en', page: 'pricing' }],
    ['/pricing/', { kind: 'page', language: 'en', page: 'pricing' }],
    ['/jp/privacy', { kind: 'page', language: 'jp', page: 'privacy' }],
    ['/en/terms', { kind: 'page', language: 'en', page: 'terms' }],
    ['/cn/results', { kind: 'page', language: 'cn', page: 'results' }],
    ['/blog/why-images-go-missing', { kind: 'article', language: 'en', slug: 'why-images-go-missing' }],
    ['/de/blog/some%20slug', { kind: 'article', language: 'de', slug: 'some slug' }],
    ['/crawls/3f2c9a', { kind: 'page', language: 'en', page: 'results' }],
    ['/ar/crawls/3f2c9a', { kind: 'page', language: 'ar', page: 'results' }],
    ['/crawls/a/b', { kind: 'not-found', language: 'en' }],
    ['/blog/a/b', { kind: 'not-found', language: 'en' }],
    ['/no/such/page', { kind: 'not-found', language: 'en' }],
    ['/xx/pricing', { kind: 'not-found', language: 'en' }],
    ['/ko/nothing', { kind: 'not-found', language: 'ko' }],
  ])('%s is %j', (path, route) => {
    expect(resolvePageRoute(path)).toEqual(route);
  });
});

it('takes an article address with a malformed escape for no page rather than failing', () => {
  expect(resolvePageRoute('/blog/%E0%A4%A')).toEqual({ kind: 'not-found', language: 'en' });
});
