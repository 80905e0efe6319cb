import { ErrorCode } from '@pixtract/contracts';
import { safeFetchPolicy } from '@pixtract/safe-fetch';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { StaticPageService } from '../src/extraction/static-read/static-page.service';

/** A response of the test server: its bytes and headers (a text/html or text/css Content-Type by extension unless given). */
interface Served {
  body?: string | Buffer;
  headers?: Record<string, string>;
  status?: number;
}

const windows1252 = (text: string) => Buffer.from(text, 'latin1');
/** "富士山の写真" and "写真" in Shift_JIS: second bytes include 0x5C, ASCII's backslash. */
const SJIS = { alt: Buffer.from('95788e6d8e5282cc8eca905e', 'hex'), name: Buffer.from('8eca905e', 'hex') };

const files: Record<string, string | Served> = {
  // Stylesheet reads: @import chains, cycles and the per-page cap.
  '/chain.html':
    '<link rel="stylesheet" href="/theme.css"><div class="a"></div><div class="b"></div><div class="c"></div><div class="d"></div><div class="e"></div>',
  // theme → parts → vendor → deeper → too-deep; theme imports itself, parts imports its ancestor.
  '/theme.css': '@import "parts.css"; @import "theme.css"; .a { background: url(/a.png) }',
  '/parts.css': '@import url(vendor.css); @import "theme.css"; .b { background: url(/b.png) }',
  '/vendor.css': '@import "deeper.css"; .c { background: url(/c.png) }',
  '/deeper.css': '@import "too-deep.css"; .d { background: url(/d.png) }',
  '/too-deep.css': '.e { background: url(/e.png) }',
  '/many.html': `<link rel="stylesheet" href="/hub.css">${Array.from({ length: 5 }, (_, n) => `<link rel="stylesheet" href="/linked-${n}.css">`).join('')}`,
  '/hub.css': Array.from({ length: 30 }, (_, n) => `@import "imported-${n}.css";`).join(' '),

  // Encodings: declared by <meta> only, by the header only, by a BOM; stylesheets by header or by their page.
  '/1252-meta.html': {
    body: windows1252('<meta charset="windows-1252"><img src="café-1252.png" alt="Café crème brûlée">'),
  },
  '/1252-header.html': {
    body: windows1252('<img src="crème-hdr.png" alt="Größe × 10 €">'.replace('€', '\x80')),
    headers: { 'content-type': 'text/html; charset=windows-1252' },
  },
  '/sjis-meta.html': {
    body: Buffer.concat([
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><img src="'),
      SJIS.name,
      Buffer.from('-sj.png" alt="'),
      SJIS.alt,
      Buffer.from('">'),
    ]),
  },
  '/utf16.html': {
    body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<img src="桜.png" alt="桜の写真">', 'utf16le')]),
  },
  '/css-1252.html': '<link rel="stylesheet" href="/1252.css"><div class="hero"></div>',
  '/1252.css': {
    body: windows1252('.hero { background-image: url("café-1252.png") }'),
    headers: { 'content-type': 'text/css; charset=windows-1252' },
  },
  '/css-from-1252-page.html': {
    body: windows1252(
      '<meta charset="windows-1252"><link rel="stylesheet" href="/undeclared.css"><div class="hero"></div>',
    ),
  },
  '/undeclared.css': { body: windows1252('.hero { background-image: url("déjà.png") }') },

  // Meta refresh: followed when short, through the same checks as a redirect; a long one or a reload is not.
  '/refresh.html': '<meta http-equiv="refresh" content="0; url=sub/target.html"><p>This page has moved.</p>',
  '/sub/target.html': '<img src="landed.png" alt="Landed">',
  '/refresh-metadata.html': '<meta http-equiv="refresh" content="0; url=http://169.254.169.254/latest/meta-data/">',
  '/redirect-metadata.html': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
  '/refresh-later.html':
    '<meta http-equiv="refresh" content="30; url=sub/target.html"><meta http-equiv="refresh" content="0; url=sub/target.html"><img src="stay.png">',
  '/reload.html': '<meta http-equiv="refresh" content="0"><img src="stay.png">',
  '/loop-a.html': '<meta http-equiv="refresh" content="0; url=loop-b.html"><img src="a.png">',
  '/loop-b.html': '<meta http-equiv="refresh" content="1; url=loop-a.html"><img src="b.png">',

  // Stylesheets served as another type than text/css.
  '/plain-sheet.html':
    '<!doctype html><link rel="stylesheet" href="/plain.css"><link rel="stylesheet" href="/untyped.css"><div class="a"></div><div class="b"></div>',
  '/plain-sheet-quirks.html': '<link rel="stylesheet" href="/plain.css"><div class="a"></div>',
  '/plain.css': { body: '.a { background: url(/plain.png) }', headers: { 'content-type': 'text/plain' } },
  '/untyped.css': { body: '.b { background: url(/untyped.png) }', headers: {} },
};
const requests: string[] = [];
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url!);
    const file = files[req.url!] ?? (/^\/(linked|imported)-\d+\.css$/.test(req.url!) ? '.x { color: red }' : undefined);
    if (file === undefined) return res.writeHead(404).end();
    const { body, headers, status }: Served = typeof file === 'string' ? { body: file } : file;
    res
      .writeHead(status ?? 200, headers ?? { 'content-type': req.url!.endsWith('.html') ? 'text/html' : 'text/css' })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (requests.length = 0));

const service = new StaticPageService(safeFetchPolicy({ allowPrivateNetworks: true }));
const read = (path: string) => service.read(`${origin}${path}`, new AbortController().signal);
const readWithStylesheets = async (path: string) => {
  const signal = new AbortController().signal;
  return service.withStylesheets(await service.read(`${origin}${path}`, signal), signal);
};
/** The page's <img>s as the browser requests them: the URL resolved, and the alt text. */
const images = async (path: string) =>
  (await read(path)).snapshot.elements
    .filter((element) => element.tag === 'img')
    .map((element) => [new URL(element.attrs.src, element.base).pathname, element.attrs.alt]);

describe('StaticPageService.withStylesheets', () => {
  it('follows @import chains three levels below a linked sheet, each sheet once, a cycle ending it', async () => {
    const snapshot = await readWithStylesheets('/chain.html');
    expect(requests.filter((url) => url.endsWith('.css')).sort()).toEqual([
      '/deeper.css',
      '/parts.css',
      '/theme.css',
      '/vendor.css',
    ]);
    // Imported sheets come before the sheet that imports them, each with its own URL as the base.
    expect(snapshot.stylesheets.map((sheet) => [sheet.base.slice(origin.length), sheet.text])).toEqual([
      ['/deeper.css', '.d{background: url(/d.png)}'],
      ['/vendor.css', '.c{background: url(/c.png)}'],
      ['/parts.css', '.b{background: url(/b.png)}'],
      ['/theme.css', '.a{background: url(/a.png)}'],
    ]);
  });

  it("reads at most 20 stylesheets per page, linked and imported together, the page's links first", async () => {
    await readWithStylesheets('/many.html');
    const sheets = requests.filter((url) => url.endsWith('.css'));
    expect(sheets).toHaveLength(20);
    expect(sheets).toEqual(
      expect.arrayContaining(['/hub.css', ...Array.from({ length: 5 }, (_, n) => `/linked-${n}.css`)]),
    );
  });
});

describe('StaticPageService.read: encodings', () => {
  it('decodes a page by its <meta charset>, its header or its BOM, so file names resolve as the browser requests them', async () => {
    expect(await images('/1252-meta.html')).toEqual([['/caf%C3%A9-1252.png', 'Café crème brûlée']]);
    expect(await images('/1252-header.html')).toEqual([['/cr%C3%A8me-hdr.png', 'Größe × 10 €']]);
    expect(await images('/sjis-meta.html')).toEqual([['/%E5%86%99%E7%9C%9F-sj.png', '富士山の写真']]);
    expect(await images('/utf16.html')).toEqual([['/%E6%A1%9C.png', '桜の写真']]);
  });

  it('decodes a stylesheet by its header charset, else in the encoding of the page naming it', async () => {
    expect((await readWithStylesheets('/css-1252.html')).stylesheets.map((sheet) => sheet.text)).toEqual([
      '.hero{background-image: url("café-1252.png")}',
    ]);
    expect((await readWithStylesheets('/css-from-1252-page.html')).stylesheets.map((sheet) => sheet.text)).toEqual([
      '.hero{background-image: url("déjà.png")}',
    ]);
  });
});

describe('StaticPageService.read: meta refresh', () => {
  it('follows a short refresh like a redirect: the page landed on is the source', async () => {
    const page = await read('/refresh.html');
    expect(page.sourceUrl).toBe(`${origin}/sub/target.html`);
    expect(page.snapshot.elements.map((element) => element.attrs.src)).toEqual(['landed.png']);
  });

  it('refuses a refresh to a refused address with the same error a redirect there gets', async () => {
    const redirected = await read('/redirect-metadata.html').catch((error: unknown) => error);
    const refreshed = await read('/refresh-metadata.html').catch((error: unknown) => error);
    expect(redirected).toMatchObject({ code: ErrorCode.BlockedAddress, status: 400 });
    expect(refreshed).toMatchObject({ code: ErrorCode.BlockedAddress, status: 400 });
    expect(requests).toEqual(['/redirect-metadata.html', '/refresh-metadata.html']);
  });

  it('stays on a page whose first refresh is a long delay or a reload', async () => {
    for (const path of ['/refresh-later.html', '/reload.html']) {
      const page = await read(path);
      expect(page.sourceUrl).toBe(`${origin}${path}`);
      expect(
        page.snapshot.elements.filter((element) => element.tag === 'img').map((element) => element.attrs.src),
      ).toEqual(['stay.png']);
    }
    expect(requests).toEqual(['/refresh-later.html', '/reload.html']);
  });

  it('follows at most 3 refreshes, then keeps the page it got to', async () => {
    const page = await read('/loop-a.html');
    expect(requests).toEqual(['/loop-a.html', '/loop-b.html', '/loop-a.html', '/loop-b.html']);
    expect(page.sourceUrl).toBe(`${origin}/loop-b.html`);
  });
});

describe('StaticPageService.withStylesheets: served types', () => {
  it('skips a sheet served as text/plain on a page with a doctype, and keeps one served without a type', async () => {
    const snapshot = await readWithStylesheets('/plain-sheet.html');
    expect(snapshot.stylesheets.map((sheet) => sheet.text)).toEqual(['.b{background: url(/untyped.png)}']);
  });

  it('keeps a same-origin text/plain sheet on a quirks-mode page (no doctype)', async () => {
    const snapshot = await readWithStylesheets('/plain-sheet-quirks.html');
    expect(snapshot.stylesheets.map((sheet) => sheet.text)).toEqual(['.a{background: url(/plain.png)}']);
  });
});
