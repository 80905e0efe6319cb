import { crawlPathPattern, normaliseCrawlUrl } from './crawl-url';
import { crawlPlanOf, crawlRequestSchema, CRAWL_PAGE_LIMITS } from './crawl';

describe('normaliseCrawlUrl', () => {
  it('keeps one address per page: fragment, tracking and session parameters dropped, parameters in one order', () => {
    expect(normaliseCrawlUrl('HTTP://Example.COM:80/a/b?z=1&a=2&utm_source=x#top')).toBe(
      'http://example.com/a/b?a=2&z=1',
    );
    expect(normaliseCrawlUrl('/shop;jsessionid=ABC123?PHPSESSID=9&page=2', 'https://example.com/x')).toBe(
      'https://example.com/shop?page=2',
    );
    expect(normaliseCrawlUrl('https://example.com/p#section')).toBe(normaliseCrawlUrl('https://example.com/p'));
  });

  it('refuses what is no web page address', () => {
    for (const raw of ['mailto:a@example.com', 'javascript:void(0)', 'ftp://example.com/', 'https://u:p@example.com/'])
      expect(normaliseCrawlUrl(raw, 'https://example.com/')).toBeNull();
  });
});

describe('crawlPathPattern', () => {
  it('gives calendars, sort permutations and session ids one pattern each', () => {
    expect(crawlPathPattern('https://example.com/events/2031/4')).toBe(
      crawlPathPattern('https://example.com/events/1999/12'),
    );
    expect(crawlPathPattern('https://example.com/list?sort=name&dir=asc')).toBe(
      crawlPathPattern('https://example.com/list?dir=desc&sort=date'),
    );
    expect(crawlPathPattern('https://example.com/s/0f3a9c1b2d4e5f60718293/photos')).toBe(
      crawlPathPattern('https://example.com/s/9e8d7c6b5a4f3e2d1c0b1a/photos'),
    );
    expect(crawlPathPattern('https://example.com/about')).not.toBe(crawlPathPattern('https://example.com/contact'));
  });
});

describe('crawl plans', () => {
  it('reads the page limit of each plan', () => {
    expect(CRAWL_PAGE_LIMITS[crawlPlanOf('free')]).toBe(10);
    expect(CRAWL_PAGE_LIMITS[crawlPlanOf('registered')]).toBe(50);
    expect(CRAWL_PAGE_LIMITS[crawlPlanOf('premium', 'hobby-monthly')]).toBe(500);
    expect(CRAWL_PAGE_LIMITS[crawlPlanOf('premium', 'startup-annual')]).toBe(2_000);
    expect(CRAWL_PAGE_LIMITS[crawlPlanOf('premium', 'enterprise-monthly')]).toBe(10_000);
    expect(crawlPlanOf('premium', 'legacy')).toBe('hobby');
    expect(crawlPlanOf('admin')).toBe('enterprise');
  });

  it('accepts the four scopes only', () => {
    expect(crawlRequestSchema.safeParse({ url: 'example.com', scope: 'gallery' }).success).toBe(true);
    expect(crawlRequestSchema.safeParse({ url: 'example.com', scope: 'everything' }).success).toBe(false);
  });
});
