import { safeFetchPolicy } from '@pixtract/safe-fetch';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { StaticPageService } from './static-page.service';

/** The static path's stylesheet reads against a real server: @import chains, cycles and the per-page cap. */
describe('StaticPageService.withStylesheets', () => {
  const files: Record<string, string> = {
    '/chain.html': '<link rel="stylesheet" href="/theme.css"><div class="a"></div><div class="b"></div><div class="c"></div><div class="d"></div><div class="e"></div>',
    // theme → parts → vendor → deeper → too-deep; theme imports itself, parts imports its ancestor.
    '/theme.css': '@import "parts.css"; @import "theme.css"; .a { background: url(/a.png) }',
    '/parts.css': '@import url(vendor.css); @import "theme.css"; .b { background: url(/b.png) }',
    '/vendor.css': '@import "deeper.css"; .c { background: url(/c.png) }',
    '/deeper.css': '@import "too-deep.css"; .d { background: url(/d.png) }',
    '/too-deep.css': '.e { background: url(/e.png) }',
    '/many.html': `<link rel="stylesheet" href="/hub.css">${Array.from({ length: 5 }, (_, n) => `<link rel="stylesheet" href="/linked-${n}.css">`).join('')}`,
    '/hub.css': Array.from({ length: 30 }, (_, n) => `@import "imported-${n}.css";`).join(' '),
  };
  const requests: string[] = [];
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url!);
      const body = files[req.url!] ?? (/^\/(linked|imported)-\d+\.css$/.test(req.url!) ? '.x { color: red }' : undefined);
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': req.url!.endsWith('.html') ? 'text/html' : 'text/css' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => (requests.length = 0));

  const readWithStylesheets = async (path: string) => {
    const service = new StaticPageService(safeFetchPolicy({ allowPrivateNetworks: true }));
    const signal = new AbortController().signal;
    return service.withStylesheets(await service.read(`${origin}${path}`, signal), signal);
  };

  it('follows @import chains three levels below a linked sheet, each sheet once, a cycle ending it', async () => {
    const snapshot = await readWithStylesheets('/chain.html');
    expect(requests.filter((url) => url.endsWith('.css')).sort()).toEqual(['/deeper.css', '/parts.css', '/theme.css', '/vendor.css']);
    // Imported sheets come before the sheet that imports them, each with its own URL as the base.
    expect(snapshot.stylesheets.map((sheet) => [sheet.base.slice(origin.length), sheet.text])).toEqual([
      ['/deeper.css', '.d{background: url(/d.png)}'],
      ['/vendor.css', '.c{background: url(/c.png)}'],
      ['/parts.css', '.b{background: url(/b.png)}'],
      ['/theme.css', '.a{background: url(/a.png)}'],
    ]);
  });

  it('reads at most 20 stylesheets per page, linked and imported together, the page\'s links first', async () => {
    await readWithStylesheets('/many.html');
    const sheets = requests.filter((url) => url.endsWith('.css'));
    expect(sheets).toHaveLength(20);
    expect(sheets).toEqual(expect.arrayContaining(['/hub.css', ...Array.from({ length: 5 }, (_, n) => `/linked-${n}.css`)]));
  });
});
