import { CHROMIUM_TEST_LAUNCH } from '@pixtract/testing';
import { chromium, type Browser } from 'playwright-core';
import { PUBLIC_IP, startHttpServer, tableResolver, testPolicy, type LocalServer } from './local-servers';
import { startGuardProxy, type GuardProxy, type GuardProxyEvent } from '../src/guard-proxy.server';

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('Chromium through the guard proxy', () => {
  let site: LocalServer;
  let internal: LocalServer;
  let proxy: GuardProxy;
  let browser: Browser;
  const events: GuardProxyEvent[] = [];

  beforeAll(async () => {
    internal = await startHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL));
    site = await startHttpServer((req, res) => {
      if (req.url === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL);
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<img id="ok" src="http://page.test/ok.png">
         <img id="loopback" src="http://127.0.0.1:${internal.port}/pixel.png">
         <img id="localhost" src="http://localhost:${internal.port}/pixel.png">
         <img id="named" src="http://internal.test/pixel.png">`,
      );
    });
    const { resolver } = tableResolver({ 'page.test': [PUBLIC_IP], 'internal.test': ['127.0.0.1'] });
    proxy = await startGuardProxy(testPolicy({ resolver, publicServer: site }), (event) => events.push(event));
    browser = await chromium.launch({
      executablePath: CHROMIUM_TEST_LAUNCH.executablePath,
      // Chromium bypasses proxies for loopback by default; the bypass list removes that exception.
      args: [...CHROMIUM_TEST_LAUNCH.args, `--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>'],
    });
  }, 20_000);
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await Promise.all([site?.close(), internal?.close()]);
  });

  it("loads the page's allowed image while its images on loopback never reach the local server", async () => {
    const page = await browser.newPage();
    await page.goto('http://page.test/', { waitUntil: 'load' });
    const loaded = await page.$$eval('img', (images) =>
      Object.fromEntries(images.map((img) => [img.id, img.naturalWidth > 0])),
    );
    expect(loaded).toEqual({ ok: true, loopback: false, localhost: false, named: false });
    expect(internal.connections()).toBe(0);
    expect(site.hits).toEqual(expect.arrayContaining(['/', '/ok.png']));
    expect(events).toEqual(
      expect.arrayContaining([
        { host: '127.0.0.1', allowed: false, reason: 'BLOCKED_ADDRESS' },
        { host: 'localhost', allowed: false, reason: 'BLOCKED_ADDRESS' },
        { host: 'internal.test', allowed: false, reason: 'BLOCKED_ADDRESS' },
      ]),
    );
    await page.close();
  });
});
