import { parseHtml } from './static-snapshot';

describe('parseHtml', () => {
  it('records image carriers with the <base> as their base, noscript as text, srcdoc and declarative shadow roots walked, <image> outside SVG as <img>', () => {
    const parsed = parseHtml(
      `<html><head><base href="/assets/"><link rel="stylesheet" href="site.css"><style>.a{background:url(a.png)} .b{background:url(b.png)}</style></head><body>
        <div class="a"><p>text</p><img src="x.png"></div>
        <noscript><img src="fallback.png"></noscript>
        <iframe srcdoc="<img src='in-doc.png'>"></iframe>
        <div id="host"><template shadowrootmode="open"><img src="shadow.png"></template></div>
        <div style="background-image:url(bg.png)"></div>
        <svg><image href="i.png"/></svg>
        <image src="read-as-img.png">
      </body></html>`,
      'https://a.test/page/index.html',
    );
    expect(parsed.elements.map(({ tag, base, scope, text }) => [tag, base, scope, text && text.trim().slice(0, 30)])).toEqual([
      ['link', 'https://a.test/assets/', undefined, undefined],
      ['img', 'https://a.test/assets/', undefined, undefined],
      ['noscript', 'https://a.test/assets/', undefined, '<img src="fallback.png">'],
      ['iframe', 'https://a.test/assets/', undefined, undefined],
      ['img', 'https://a.test/assets/', 'iframe', undefined],
      ['img', 'https://a.test/assets/', 'shadow', undefined],
      ['div', 'https://a.test/assets/', undefined, undefined],
      ['svg', 'https://a.test/assets/', undefined, '<svg><image href="i.png"/></sv'],
      ['image', 'https://a.test/assets/', undefined, undefined],
      ['img', 'https://a.test/assets/', undefined, undefined],
    ]);
    expect(parsed.linkedStylesheets).toEqual([{ url: 'https://a.test/assets/site.css', index: 4 }]);
    // Only the rules for elements the page has (there is no .b).
    expect(parsed.stylesheets.map((sheet) => sheet.text)).toEqual(['.a{background:url(a.png)}']);
    expect(parsed.matchesSelector('div.a > p')).toBe(true);
    expect(parsed.elements.map((element) => element.index)).toEqual([...parsed.elements.map((element) => element.index)].sort((a, b) => a - b));
  });

  it('counts what can change the page after load: scripts, inline handlers and app shells', () => {
    expect(parseHtml('<script type="application/ld+json">{}</script><img src="a.png">', 'https://a.test/')).toMatchObject({ scriptCount: 0, hasEmptyAppRoot: false });
    expect(parseHtml('<script src="app.js"></script>', 'https://a.test/').scriptCount).toBe(1);
    expect(parseHtml('<img src="a.png" onload="go()">', 'https://a.test/').scriptCount).toBe(1);
    expect(parseHtml('<div id="root"></div>', 'https://a.test/').hasEmptyAppRoot).toBe(true);
    expect(parseHtml('<div id="root"><img src="ssr.png"></div>', 'https://a.test/').hasEmptyAppRoot).toBe(false);
  });

  it("reads the stylesheets for the rendered screen: print and phone-only sheets and imports are not fetched", () => {
    const parsed = parseHtml(
      `<link rel="stylesheet" href="all.css"><link rel="stylesheet" href="print.css" media="print">
       <link rel="stylesheet" href="phone.css" media="(max-width: 600px)"><link rel="stylesheet" href="deferred.css" media="print" onload="this.media='all'">
       <style media="print">.a{background:url(printed.png)}</style>
       <style>@import url("screen.css") screen; @import "paper.css" print; @import url(layered.css) layer(base);</style><div class="a"></div>`,
      'https://a.test/',
    );
    expect(parsed.linkedStylesheets.map(({ url }) => url.slice('https://a.test/'.length))).toEqual(['all.css', 'deferred.css', 'screen.css', 'layered.css']);
    expect(parsed.stylesheets.map((sheet) => sheet.text).join('')).not.toContain('printed.png');
  });
});
