import type { ArchiveProgress } from '@pixtract/contracts';
import { openArchive, solidPng, TestWeb, uniqueQueuePrefix } from '@pixtract/testing';
import { randomUUID } from 'node:crypto';
import { startZipper, type ZipperHarness } from '@pixtract/zipper/test/zipper-harness';
import { startGateway, type GatewayHarness } from '../support/gateway-harness';

describe('ZIP progress over socket.io (real zipper, Redis pub/sub, gateway socket server)', () => {
  const web = new TestWeb();
  // The zipper publishes on its queue prefix's channel; the gateway listens on its own: one deployment, one prefix.
  const queuePrefix = uniqueQueuePrefix('gateway_download_progress');
  const images = Array.from({ length: 12 }, (_, i) =>
    i === 4 ? 'http://images.example/missing.png' : `http://images.example/img/${i}.png`,
  );
  let zipper: ZipperHarness;
  let gateway: GatewayHarness;

  beforeAll(async () => {
    await web.site('images.example', (req, res) => {
      if (req.url?.startsWith('/img/'))
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(8, 8));
      res.writeHead(404).end();
    });
    zipper = await startZipper(web, { QUEUE_PREFIX: queuePrefix });
    gateway = await startGateway('gateway_download_progress', { ZIPPER_URL: zipper.base, QUEUE_PREFIX: queuePrefix });
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await zipper?.close();
    await web.close();
  }, 30_000);

  it("tells the page following the download's id each image written or failed, then that it finished", async () => {
    const downloadId = randomUUID();
    const socket = await gateway.connectSocket();
    const bystander = await gateway.connectSocket();
    const events: ArchiveProgress[] = [];
    const overheard: ArchiveProgress[] = [];
    socket.on('download:progress', (event) => events.push(event));
    bystander.on('download:progress', (event) => overheard.push(event));
    const finished = new Promise<void>((resolve) =>
      socket.on('download:progress', (event) => event.finished && resolve()),
    );
    await expect(socket.emitWithAck('download:follow', downloadId)).resolves.toEqual({ ok: true });

    // The seed's form post, as the page sends it, with the download's id.
    const res = await fetch(`${gateway.base}/api/download-images`, {
      method: 'POST',
      body: new URLSearchParams({ imageUrls: JSON.stringify(images), downloadId }),
    });
    expect(res.status).toBe(200);
    const archive = await openArchive(Buffer.from(await res.arrayBuffer()));
    await archive.dispose();
    await finished;

    expect(events).toHaveLength(13);
    expect(events.every((event) => event.downloadId === downloadId && event.total === 12)).toBe(true);
    expect(events.map((event) => event.written + event.failed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12]);
    expect(events.at(-1)).toEqual({ downloadId, written: 11, failed: 1, total: 12, finished: true });
    expect(events.slice(0, -1).some((event) => event.finished)).toBe(false);
    expect(overheard).toEqual([]);
  });

  it('refuses to follow what is not a download id', async () => {
    const socket = await gateway.connectSocket();
    await expect(socket.emitWithAck('download:follow', 'download:../extraction:x')).resolves.toEqual({ ok: false });
  });
});
