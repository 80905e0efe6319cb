import { pageLabel } from './page-label';

describe('pageLabel', () => {
  it('names a page by host, path and query, a home page by its host', () => {
    expect(pageLabel('https://example.com/gallery/page/2?sort=new')).toBe('example.com/gallery/page/2?sort=new');
    expect(pageLabel('https://example.com/')).toBe('example.com');
    expect(pageLabel('https://example.com/?page=3')).toBe('example.com/?page=3');
    expect(pageLabel('http://127.0.0.1:8080/a.html')).toBe('127.0.0.1:8080/a.html');
  });

  it('shows an address that does not parse as it is', () => {
    expect(pageLabel('not a url')).toBe('not a url');
  });
});
