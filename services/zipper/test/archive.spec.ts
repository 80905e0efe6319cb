import { openArchive, scrapeMetric, Site, solidPng, TestWeb } from '@pixtract/testing';
import http from 'node:http';
import sharp from 'sharp';
import { ArchiveBuilder } from '../src/archive/archive.builder';
import { ZipperHarness, startZipper } from './zipper-harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const archivesEnded = (zipper: ZipperHarness, outcome: string) =>
  scrapeMetric(`${zipper.base}/metrics`, 'pixtract_zip_archives_total', { outcome });
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="teal"/></svg>';

interface Manifest {
  sourceUrl: string | null;
  requested: number;
  downloaded: number;
  failed: number;
  limits: { role: string; maxImages: number };
  images: Array<{
    file: string;
    sourceUrl: string;
    alt: string;
    width?: number;
    height?: number;
    type: string;
    bytes: number;
  }>;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('POST /api/download-images (hermetic web, real unzip)', () => {
  const web = new TestWeb();
  let zipper: ZipperHarness;
  let site: Site;
  let noisyJpeg: Buffer;
  let bigJpeg: Buffer;
  let webp: Buffer;

  const download = (body: unknown, base = zipper.base) =>
    fetch(`${base}/api/download-images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const archiveOf = async (res: Response) => openArchive(Buffer.from(await res.arrayBuffer()));

  beforeAll(async () => {
    noisyJpeg = await sharp({
      create: {
        width: 320,
        height: 240,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    bigJpeg = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 80 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    webp = await sharp(solidPng(30, 20)).webp().toBuffer();
    site = await web.site('images.example', async (req, res) => {
      const path = req.url ?? '/';
      const delay = /^\/delay\/(\d+)(\/.*)$/.exec(path);
      if (delay) await sleep(Number(delay[1]));
      const route = delay ? delay[2] : path;
      const png = /^\/img\/(\d+)(?:\.png)?$/.exec(route);
      if (png)
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(10 + (Number(png[1]) % 50), 10));
      if (route.startsWith('/photo/'))
        return void res
          .writeHead(200, { 'content-type': 'image/jpeg', 'content-length': noisyJpeg.length })
          .end(noisyJpeg);
      if (route.startsWith('/big/'))
        return void res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bigJpeg.length }).end(bigJpeg);
      if (route === '/logo.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
      if (route === '/pic.webp') return void res.writeHead(200, { 'content-type': 'image/webp' }).end(webp);
      if (route === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      if (route.startsWith('/hang')) return; // headers never come
      if (route.startsWith('/stall/')) {
        // Headers and half an image, then nothing: only the zipper giving up can close this socket.
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': noisyJpeg.length });
        return void res.write(noisyJpeg.subarray(0, noisyJpeg.length / 2));
      }
      res.writeHead(404).end();
    });
    zipper = await startZipper(web, { PIXTRACT_QUOTA_FREE_PER_EXTRACTION: '5000' });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await zipper.close();
    await web.close();
  }, 15_000);

  it('builds the named archive: images/ in the original order, all-image-urls.txt, failed-downloads.txt and manifest.json', async () => {
    const urls = [
      site.url('/delay/300/img/1.png'),
      site.url('/photo/a.jpg'),
      site.url('/missing.png'),
      site.url('/logo.svg'),
      'http://10.0.0.1/x.png',
      site.url('/page.html'),
    ];
    const metrics = `${zipper.base}/metrics`;
    const before = {
      completed: await archivesEnded(zipper, 'completed'),
      bytes: await scrapeMetric(metrics, 'pixtract_zip_bytes_total'),
      failedImages: await scrapeMetric(metrics, 'pixtract_zip_image_failures_total'),
    };
    const res = await download({
      sourceUrl: 'https://blog.example/post',
      imageUrls: [
        { fileUrl: urls[0], alt: 'Red car', width: 1, height: 1 },
        urls[1],
        urls[2],
        { fileUrl: urls[3], alt: '' },
        urls[4],
        urls[5],
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(
      `filename="blog.example-images-${new Date().toISOString().slice(0, 10)}.zip"`,
    );
    const body = Buffer.from(await res.arrayBuffer());
    const zip = await openArchive(body);
    try {
      expect(zip.tested).toBe(true);
      expect(zip.names).toEqual([
        'images/001-Red_car.png',
        'images/002-a.jpg',
        'images/004-logo.svg',
        'all-image-urls.txt',
        'failed-downloads.txt',
        'manifest.json',
      ]);
      expect(await zip.read('images/002-a.jpg')).toEqual(noisyJpeg);
      expect(await zip.text('all-image-urls.txt')).toBe(`${urls.join('\n')}\n`);
      expect((await zip.text('failed-downloads.txt')).split('\n')).toEqual([
        `${urls[2]}\tThe website answered 404 for this image.`,
        `${urls[4]}\tThis address points to a private or local network and cannot be fetched.`,
        `${urls[5]}\tThat address does not serve an image.`,
        '',
      ]);
      const manifest = JSON.parse(await zip.text('manifest.json')) as Manifest;
      expect(manifest).toMatchObject({
        sourceUrl: 'https://blog.example/post',
        requested: 6,
        downloaded: 3,
        failed: 3,
        limits: { role: 'free', maxImages: 5000 },
      });
      expect(manifest.images[0]).toEqual({
        file: 'images/001-Red_car.png',
        sourceUrl: urls[0],
        alt: 'Red car',
        width: 11,
        height: 10,
        type: 'image/png',
        bytes: solidPng(11, 10).length,
      });
      expect(manifest.images[1]).toMatchObject({
        file: 'images/002-a.jpg',
        width: 320,
        height: 240,
        type: 'image/jpeg',
        bytes: noisyJpeg.length,
      });
      expect(manifest.images[2]).toMatchObject({
        file: 'images/004-logo.svg',
        type: 'image/svg+xml',
        width: 40,
        height: 20,
      });
      // Already-compressed formats are stored; text formats deflated (level 5 is zipinfo's "normal", defN).
      expect(zip.methods).toMatchObject({
        'images/001-Red_car.png': 'stor',
        'images/002-a.jpg': 'stor',
        'images/004-logo.svg': 'defN',
        'manifest.json': 'defN',
      });
      // The archive counted once sent: every byte of it, and the three images it could not include.
      await waitFor(async () => (await archivesEnded(zipper, 'completed')) === before.completed + 1);
      expect(await scrapeMetric(metrics, 'pixtract_zip_bytes_total')).toBe(before.bytes + body.length);
      expect(await scrapeMetric(metrics, 'pixtract_zip_image_failures_total')).toBe(before.failedImages + 3);
    } finally {
      await zip.dispose();
    }
  });

  it("accepts the seed's form post (imageUrls as JSON text) and refuses an empty list with 400", async () => {
    const form = new URLSearchParams({ imageUrls: JSON.stringify([site.url('/img/3.png')]), sourceUrl: site.origin });
    const res = await fetch(`${zipper.base}/api/download-images`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const zip = await archiveOf(res);
    expect(zip.names[0]).toBe('images/001-3.png');
    await zip.dispose();
    const empty = await download({ imageUrls: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'NO_IMAGES_TO_DOWNLOAD', message: 'No images to download' });
  });

  it('keeps every entry inside images/ whatever the alt text or URL says, and gives equal alts distinct names', async () => {
    const hostile = [
      '../../x',
      '/etc/x',
      'C:\\x',
      'CON.jpg',
      '\u202Egpj.exe',
      'é'.repeat(300),
      'a'.repeat(300),
      'same',
      'same',
    ];
    const res = await download({
      imageUrls: [
        ...hostile.map((alt, i) => ({ fileUrl: site.url(`/img/${i}`), alt })),
        site.url('/img/..%2F..%2Fetc%2Fpasswd'),
        site.url('/img/9'),
      ],
    });
    const zip = await archiveOf(res);
    try {
      expect(zip.tested).toBe(true);
      const images = zip.names.filter((name) => name.startsWith('images/'));
      expect(images).toHaveLength(10);
      expect(images.slice(0, 9)).toEqual([
        'images/001-x.png',
        'images/002-etc_x.png',
        'images/003-C_x.png',
        'images/004-CON_jpg.png',
        'images/005-gpj_exe.png',
        'images/006-5.png',
        `images/007-${'a'.repeat(30)}.png`,
        'images/008-same.png',
        'images/009-same.png',
      ]);
      for (const name of zip.names)
        expect(name).toMatch(/^(images\/\d{3,}-[A-Za-z0-9_-]{1,30}\.[a-z]+|[a-z-]+\.(txt|json))$/);
    } finally {
      await zip.dispose();
    }
  });

  it('converts WebP to the asked format with convert=jpg', async () => {
    const zip = await archiveOf(
      await download({ imageUrls: [site.url('/pic.webp'), site.url('/img/1.png')], convert: 'jpg' }),
    );
    try {
      expect(zip.names.slice(0, 2)).toEqual(['images/001-pic.jpg', 'images/002-1.png']);
      expect((await zip.read('images/001-pic.jpg')).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect((JSON.parse(await zip.text('manifest.json')) as Manifest).images[0]).toMatchObject({
        type: 'image/jpeg',
        width: 30,
        height: 20,
      });
    } finally {
      await zip.dispose();
    }
  });

  it('archives 2,000 URLs with a few failing and one hanging, and lists those in failed-downloads.txt', async () => {
    const urls = Array.from({ length: 2000 }, (_, i) =>
      site.url(i === 1234 ? '/hang' : i % 500 === 7 ? `/missing/${i}` : `/img/${i}.png`),
    );
    // The hanging URL is cut off by the headers timeout, not waited for: the test's own timeout catches a hang.
    const zip = await archiveOf(await download({ imageUrls: urls, sourceUrl: site.origin }));
    try {
      expect(zip.tested).toBe(true);
      expect(zip.names.filter((name) => name.startsWith('images/'))).toHaveLength(2000 - 5);
      expect(zip.names).toContain('images/2000-1999.png');
      const failed = (await zip.text('failed-downloads.txt')).trim().split('\n');
      expect(failed.map((line) => line.split('\t')[0])).toEqual([7, 507, 1007, 1234, 1507].map((i) => urls[i]));
      expect(failed[3]).toContain('took too long');
    } finally {
      await zip.dispose();
    }
  }, 60_000);

  it('stops fetching while a slow reader is not reading, and finishes when it reads again', async () => {
    const before = site.requests.length;
    // More than loopback's socket buffers can hide (tcp_rmem allows 32 MB): 120 images of ~0.7 MB.
    const urls = Array.from({ length: 120 }, (_, i) => site.url(`/big/${i}.jpg`));
    const body = JSON.stringify({ imageUrls: urls });
    const chunks: Buffer[] = [];
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        `${zipper.base}/api/download-images`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        resolve,
      );
      req.on('error', reject);
      req.end(body);
    });
    res.pause();
    try {
      await sleep(1_500);
      const whilePaused = site.requests.length - before;
      await sleep(1_000);
      // Only what fits in socket buffers and the fetch window was fetched, and nothing more while nobody reads.
      expect(site.requests.length - before).toBe(whilePaused);
      expect(whilePaused).toBeLessThan(80);
    } catch (error) {
      res.destroy();
      throw error;
    }
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const zip = await openArchive(Buffer.concat(chunks));
    expect(zip.tested).toBe(true);
    expect(zip.names.filter((name) => name.startsWith('images/'))).toHaveLength(120);
    await zip.dispose();
  }, 30_000);

  it('aborts every upstream fetch when the client disconnects mid-stream', async () => {
    // Long upstream timeouts: only the disconnect can close the stalled fetches within the test's wait.
    const patient = await startZipper(
      web,
      { PIXTRACT_QUOTA_FREE_PER_EXTRACTION: '5000' },
      { timeouts: { connectMs: 5_000, headersMs: 30_000, idleMs: 30_000, totalMs: 60_000 } },
    );
    try {
      const urls = [
        ...Array.from({ length: 3 }, (_, i) => site.url(`/photo/${i}.jpg`)),
        ...Array.from({ length: 20 }, (_, i) => site.url(`/stall/${i}`)),
      ];
      const controller = new AbortController();
      const res = await fetch(`${patient.base}/api/download-images`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imageUrls: urls }),
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      await waitFor(() => site.requests.filter((path) => path.startsWith('/stall/')).length === 5);
      expect(site.openSockets()).toBeGreaterThanOrEqual(5);
      const stalledRequests = site.requests.length;
      controller.abort();
      await waitFor(() => site.openSockets() === 0, 2_000);
      await sleep(200);
      expect(site.requests.length).toBe(stalledRequests);
      await waitFor(async () => (await archivesEnded(patient, 'abandoned')) === 1);
    } finally {
      await patient.close();
    }
  }, 30_000);

  it('destroys the response instead of ending it when the archive fails after the headers were sent', async () => {
    jest.spyOn(ArchiveBuilder.prototype, 'finish').mockImplementationOnce(async () => {
      await sleep(300);
      throw new Error('archive broke');
    });
    const failedBefore = await archivesEnded(zipper, 'failed');
    const res = await download({ imageUrls: [site.url('/photo/x.jpg')] });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    await waitFor(async () => (await archivesEnded(zipper, 'failed')) === failedBefore + 1);
  });
});

describe('archive limits (reported in failed-downloads.txt)', () => {
  const web = new TestWeb();
  let site: Site;

  beforeAll(async () => {
    site = await web.site('images.example', (req, res) => {
      if (req.url?.startsWith('/hang')) return;
      res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(20, 20));
    });
  });
  afterAll(() => web.close());

  const failedLines = async (zipper: ZipperHarness, urls: string[], headers: Record<string, string> = {}) => {
    const res = await fetch(`${zipper.base}/api/download-images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ imageUrls: urls }),
    });
    const zip = await openArchive(Buffer.from(await res.arrayBuffer()));
    try {
      expect(zip.tested).toBe(true);
      return {
        images: zip.names.filter((name) => name.startsWith('images/')),
        failed: (await zip.text('failed-downloads.txt')).trim().split('\n'),
      };
    } finally {
      await zip.dispose();
    }
  };

  it("caps images per archive at the plan's per-extraction limit, the total bytes and the total time", async () => {
    const zipper = await startZipper(
      web,
      {
        PIXTRACT_QUOTA_FREE_PER_EXTRACTION: '4',
        ARCHIVE_MAX_TOTAL_BYTES: String(solidPng(20, 20).length * 3),
        ARCHIVE_MAX_TIME_MS: '1000',
      },
      {
        timeouts: { connectMs: 5_000, headersMs: 10_000, idleMs: 10_000, totalMs: 20_000 },
      },
    );
    try {
      const six = Array.from({ length: 6 }, (_, i) => site.url(`/img/${i}.png`));
      const planned = await failedLines(zipper, six);
      expect(planned.images).toHaveLength(3);
      expect(planned.failed).toEqual([
        `${six[3]}\tnot downloaded: the archive's size limit (${solidPng(20, 20).length * 3} bytes) was reached`,
        `${six[4]}\tnot downloaded: at most 4 images per archive on the free plan`,
        `${six[5]}\tnot downloaded: at most 4 images per archive on the free plan`,
      ]);
      const timed = await failedLines(zipper, [site.url('/img/1.png'), site.url('/hang'), site.url('/img/2.png')]);
      expect(timed.images).toEqual(['images/001-1.png']);
      expect(timed.failed).toEqual(
        [site.url('/hang'), site.url('/img/2.png')].map(
          (url) => `${url}\tnot downloaded: the archive's time limit (1 s) was reached`,
        ),
      );
    } finally {
      await zipper.close();
    }
  });

  it("caps images per archive at the plan the gateway states, and at free's when it states none it knows", async () => {
    const zipper = await startZipper(web, {
      PIXTRACT_QUOTA_FREE_PER_EXTRACTION: '1',
      PIXTRACT_QUOTA_PREMIUM_PER_EXTRACTION: '3',
    });
    try {
      const five = Array.from({ length: 5 }, (_, i) => site.url(`/img/${i}.png`));
      const premium = await failedLines(zipper, five, { 'x-pixtract-plan': 'premium' });
      expect(premium.images).toHaveLength(3);
      expect(premium.failed).toEqual(
        five.slice(3).map((url) => `${url}\tnot downloaded: at most 3 images per archive on the premium plan`),
      );
      const unknown = await failedLines(zipper, five, { 'x-pixtract-plan': 'root' });
      expect(unknown.images).toHaveLength(1);
      expect(unknown.failed[0]).toBe(`${five[1]}\tnot downloaded: at most 1 images per archive on the free plan`);
    } finally {
      await zipper.close();
    }
  });
});
