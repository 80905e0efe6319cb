import { CookieJar, createTestDatabase, openArchive, solidPng, TestWeb, uniqueQueuePrefix } from '@pixtract/testing';
import { Client } from 'pg';
import { startAuth, type AuthHarness } from '@pixtract/auth/test/auth-harness';
import { startZipper, type ZipperHarness } from '@pixtract/zipper/test/zipper-harness';
import { startGateway, type GatewayHarness } from '../support/gateway-harness';

/** Small per-plan caps, the same for auth (which knows the caller's plan) and the zipper (which applies it). */
const QUOTAS = {
  PIXTRACT_QUOTA_FREE_PER_EXTRACTION: '2',
  PIXTRACT_QUOTA_REGISTERED_PER_EXTRACTION: '3',
  PIXTRACT_QUOTA_PREMIUM_PER_EXTRACTION: '4',
};

interface Manifest {
  downloaded: number;
  limits: { role: string; maxImages: number };
}

describe('POST /api/download-images through the gateway: the archive holds what the caller’s plan allows', () => {
  const web = new TestWeb();
  const images = Array.from({ length: 6 }, (_, i) => `http://images.example/img/${i}.png`);
  let auth: AuthHarness;
  let zipper: ZipperHarness;
  let gateway: GatewayHarness;

  beforeAll(async () => {
    await web.site(
      'images.example',
      (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(8, 8)),
    );
    zipper = await startZipper(web, QUOTAS);
    // Auth of our own (not the harness's), so the test can make a member premium in its database.
    auth = await startAuth('gateway_media_plan_auth', QUOTAS);
    const database = await createTestDatabase('gateway_media_plan');
    gateway = await startGateway(
      'gateway_media_plan',
      { ZIPPER_URL: zipper.base },
      { database, queuePrefix: uniqueQueuePrefix('gateway_media_plan'), authUrl: auth.base },
    );
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await gateway?.database.drop();
    await auth?.close();
    await zipper?.close();
    await web.close();
  }, 30_000);

  async function member(username: string): Promise<CookieJar> {
    const browser = new CookieJar(gateway.base);
    const credentials = { username, password: 'long enough pass' };
    expect((await browser.fetch('/api/auth/register', { method: 'POST', json: credentials })).status).toBe(201);
    expect((await browser.fetch('/api/auth/login', { method: 'POST', json: credentials })).status).toBe(200);
    return browser;
  }

  async function manifestOf(res: Response): Promise<Manifest> {
    expect(res.status).toBe(200);
    const archive = await openArchive(Buffer.from(await res.arrayBuffer()));
    try {
      expect(archive.tested).toBe(true);
      return JSON.parse(await archive.text('manifest.json')) as Manifest;
    } finally {
      await archive.dispose();
    }
  }

  it("gives an anonymous caller the free plan's cap, even when the request claims another plan", async () => {
    const res = await fetch(`${gateway.base}/api/download-images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pixtract-plan': 'admin' },
      body: JSON.stringify({ imageUrls: images, plan: 'premium', role: 'premium' }),
    });
    expect(await manifestOf(res)).toMatchObject({ downloaded: 2, limits: { role: 'free', maxImages: 2 } });
  });

  it("gives a registered member the registered plan's cap", async () => {
    const browser = await member('archivist');
    const res = await browser.fetch('/api/download-images', { method: 'POST', json: { imageUrls: images } });
    expect(await manifestOf(res)).toMatchObject({ downloaded: 3, limits: { role: 'registered', maxImages: 3 } });
  });

  it("gives a premium member the premium plan's cap, also for the seed's form post", async () => {
    const browser = await member('collector');
    const db = new Client({ connectionString: auth.database.url });
    await db.connect();
    await db.query(`UPDATE users SET role = 'premium' WHERE username = 'collector'`).finally(() => db.end());
    const res = await browser.fetch('/api/download-images', {
      method: 'POST',
      body: new URLSearchParams({ imageUrls: JSON.stringify(images), plan: 'admin' }),
    });
    expect(await manifestOf(res)).toMatchObject({ downloaded: 4, limits: { role: 'premium', maxImages: 4 } });
  });
});
