import { checkTemplate, renderPage } from './page-head';

const TEMPLATE = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default words." />
    <title>Pixtract</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('renderPage', () => {
  it('writes the language and direction into <html>, keeping its other attributes', () => {
    const html = renderPage(
      TEMPLATE,
      { language: 'ar', title: 'T', description: 'D', type: 'website' },
      'https://pixtract.example',
    );
    expect(html).toContain('<html lang="ar" dir="rtl" class="dark">');
    expect(
      renderPage(TEMPLATE, { language: 'cn', title: 'T', description: 'D', type: 'website' }, 'https://x.example'),
    ).toContain('<html lang="zh-CN" dir="ltr" class="dark">');
  });

  it('gives a listed page its canonical address, all nine alternates and x-default, in its own language', () => {
    const html = renderPage(
      TEMPLATE,
      { language: 'jp', title: 'T', description: 'D', type: 'website', indexedPath: '/pricing' },
      'https://pixtract.example',
    );
    expect(html).toContain('<link rel="canonical" href="https://pixtract.example/jp/pricing" />');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://pixtract.example/pricing" />');
    expect(html).toContain('<link rel="alternate" hreflang="ja" href="https://pixtract.example/jp/pricing" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://pixtract.example/pricing" />');
    expect(html.match(/rel="alternate"/g)).toHaveLength(10);
    expect(html).toContain('<meta property="og:url" content="https://pixtract.example/jp/pricing" />');
    expect(html).toContain('<meta property="og:locale" content="ja" />');
    expect(html).not.toContain('noindex');
  });

  it('tells robots not to index a page with no address of its own, and gives it no canonical', () => {
    const html = renderPage(
      TEMPLATE,
      { language: 'en', title: 'T', description: 'D', type: 'website' },
      'https://pixtract.example',
    );
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });

  it('escapes every text it writes', () => {
    const html = renderPage(
      TEMPLATE,
      {
        language: 'en',
        title: '</title><script>alert(1)</script>',
        description: '" onload="x',
        type: 'article',
        image: 'https://x.example/a.svg?a=1&b=2',
      },
      'https://x.example',
    );
    expect(html).toContain('<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>');
    expect(html).toContain('<meta name="description" content="&#34; onload=&#34;x" />');
    expect(html).toContain('<meta property="og:image" content="https://x.example/a.svg?a=1&#38;b=2" />');
    expect(html).not.toContain('<script>');
  });

  it('refuses a template it cannot write into', () => {
    expect(() => checkTemplate(TEMPLATE)).not.toThrow();
    expect(() => checkTemplate('<html><head></head></html>')).toThrow('index.html lacks title, description');
  });
});
