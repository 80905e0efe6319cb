import { importsOf, parseHtml } from './static-snapshot';

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
    expect(
      parsed.elements.map(({ tag, base, scope, text }) => [tag, base, scope, text && text.trim().slice(0, 30)]),
    ).toEqual([
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
    expect(parsed.elements.map((element) => element.index)).toEqual(
      [...parsed.elements.map((element) => element.index)].sort((a, b) => a - b),
    );
  });

  it('counts what can change the page after load: scripts, inline handlers and app shells', () => {
    expect(
      parseHtml('<script type="application/ld+json">{}</script><img src="a.png">', 'https://a.test/'),
    ).toMatchObject({ scriptCount: 0, hasEmptyAppRoot: false });
    expect(parseHtml('<script src="app.js"></script>', 'https://a.test/').scriptCount).toBe(1);
    expect(parseHtml('<img src="a.png" onload="go()">', 'https://a.test/').scriptCount).toBe(1);
    expect(parseHtml('<div id="root"></div>', 'https://a.test/').hasEmptyAppRoot).toBe(true);
    expect(parseHtml('<div id="root"><img src="ssr.png"></div>', 'https://a.test/').hasEmptyAppRoot).toBe(false);
  });

  it('reads the stylesheets for the rendered screen: print and phone-only sheets and imports are not fetched', () => {
    const parsed = parseHtml(
      `<link rel="stylesheet" href="all.css"><link rel="stylesheet" href="print.css" media="print">
       <link rel="stylesheet" href="phone.css" media="(max-width: 600px)"><link rel="stylesheet" href="deferred.css" media="print" onload="this.media='all'">
       <style media="print">.a{background:url(printed.png)}</style>
       <style>@import url("screen.css") screen; @import "paper.css" print; @import url(layered.css) layer(base);</style><div class="a"></div>`,
      'https://a.test/',
    );
    expect(parsed.linkedStylesheets.map(({ url }) => url.slice('https://a.test/'.length))).toEqual([
      'all.css',
      'deferred.css',
      'screen.css',
      'layered.css',
    ]);
    expect(parsed.stylesheets.map((sheet) => sheet.text).join('')).not.toContain('printed.png');
  });

  it('reads only the sheets the page applies: not alternate or disabled ones, and loadCSS preloads once loaded', () => {
    const parsed = parseHtml(
      `<link rel="stylesheet" href="main.css"><link rel="alternate stylesheet" href="contrast.css" title="High contrast">
       <link rel="stylesheet" href="off.css" disabled><link rel="Preload" href="async.css" as="style" onload="this.onload=null;this.rel='stylesheet'">
       <noscript><link rel="stylesheet" href="async.css"></noscript>
       <link rel="preload" href="font.css" as="font" onload="this.rel='stylesheet'"><link rel="preload" href="warm.css" as="style">
       <link rel="preload" href="phone.css" as="style" media="(max-width: 600px)" onload="this.rel='stylesheet'">`,
      'https://a.test/',
    );
    expect(parsed.linkedStylesheets.map(({ url }) => url.slice('https://a.test/'.length))).toEqual([
      'main.css',
      'async.css',
    ]);
  });

  it('reads a meta refresh as the HTML standard does: whole seconds, the URL after `url=` unquoted, against the <base>', () => {
    const refresh = (content: string, before = '') =>
      parseHtml(`${before}<meta http-equiv="Refresh" content="${content}">`, 'https://a.test/dir/page.html').refresh;
    expect(refresh('0; url=sub/target.html')).toEqual({ seconds: 0, url: 'https://a.test/dir/sub/target.html' });
    expect(refresh("1.9,URL = 'next page.html' trailing")).toEqual({
      seconds: 1,
      url: 'https://a.test/dir/next%20page.html',
    });
    expect(refresh('.5 /elsewhere')).toEqual({ seconds: 0, url: 'https://a.test/elsewhere' });
    expect(refresh('0; url=next.html', '<base href="/assets/">')).toEqual({
      seconds: 0,
      url: 'https://a.test/assets/next.html',
    });
    // "u…" without `url=` is the URL as written, quotes included.
    expect(refresh("0; u'x.html'")).toEqual({ seconds: 0, url: "https://a.test/dir/u'x.html'" });
    expect(refresh('300')).toEqual({ seconds: 300 });
    expect(refresh('0; ')).toEqual({ seconds: 0 });
    expect(refresh('soon; url=x.html')).toBeUndefined();
    expect(refresh('0; url=javascript:go()')).toBeUndefined();
  });

  it('takes the first refresh the browser acts on: not one it cannot read, nor one in <noscript>, a srcdoc frame or a shadow root', () => {
    const parsed = parseHtml(
      `<noscript><meta http-equiv="refresh" content="0; url=noscript.html"></noscript>
       <iframe srcdoc="<meta http-equiv='refresh' content='0; url=frame.html'>"></iframe>
       <div><template shadowrootmode="open"><meta http-equiv="refresh" content="0; url=shadow.html"></template></div>
       <meta http-equiv="refresh" content="later"><meta http-equiv="refresh" content="2; url=first.html"><meta http-equiv="refresh" content="0; url=second.html">`,
      'https://a.test/',
    );
    expect(parsed.refresh).toEqual({ seconds: 2, url: 'https://a.test/first.html' });
  });

  it('renders in quirks mode without a doctype before the first element or text', () => {
    expect(parseHtml('<!DOCTYPE html><p>x', 'https://a.test/').quirksMode).toBe(false);
    expect(parseHtml('<!-- built 2024 -->\n<!doctype html><p>x', 'https://a.test/').quirksMode).toBe(false);
    expect(parseHtml('<p>x', 'https://a.test/').quirksMode).toBe(true);
    expect(parseHtml('text<!doctype html><p>x', 'https://a.test/').quirksMode).toBe(true);
  });
});

describe('importsOf', () => {
  const targets = (css: string) => importsOf(css, 'https://a.test/').map((url) => url.slice('https://a.test/'.length));

  it('reads the imports CSS honours: after @charset, @layer statements and other imports, not after a rule', () => {
    expect(
      targets(`@charset "utf-8"; /* parts */ @import url(a.css); @layer base, theme; @import "b.css" layer(theme);
      .x { color: red } @import url(late.css);`),
    ).toEqual(['a.css', 'b.css']);
    expect(targets('@layer base { .x { color: red } } @import url(after-layer-block.css);')).toEqual([]);
    expect(targets(String.raw`@import url(a\ b.css); @import 'c;d.css'`)).toEqual(['a%20b.css', 'c;d.css']);
  });

  it('reads supports() with nested parentheses, skips supports(not …) fallbacks and keeps the media query', () => {
    expect(
      targets(`@import url(grid.css) supports((display: grid) and (not (display: inline-grid))) screen;
        @import url(no-grid.css) supports(not (display: grid)); @import url(print.css) layer supports(display: grid) print;
        @import url(wide.css) layer(base) supports(display: flex) (min-width: 600px);`),
    ).toEqual(['grid.css', 'wide.css']);
  });
});
