import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, prepare, saveShot, SCREEN_VARIANTS, test } from './support';

const PNG_SIGNATURE = '89504e470d0a1a0a';
const JPEG_SIGNATURE = 'ffd8ff';

/** A page of pictures the site serves in WebP (and one JPEG, one animated GIF), made here with sharp. */
async function startPictureSite(): Promise<{ url: string; jpeg: Buffer; close: () => Promise<void> }> {
  const photo = (colour: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: colour } }).composite([
      { input: { create: { width: 100, height: 100, channels: 3, background: '#fff' } }, top: 50, left: 50 },
    ]);
  const frames = await Promise.all(
    ['#e11', '#1e1', '#11e'].map((colour) =>
      sharp({ create: { width: 120, height: 90, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    ),
  );
  const files: Record<string, { type: string; bytes: Buffer }> = {
    '/fox.webp': { type: 'image/webp', bytes: await photo('#c2410c').webp().toBuffer() },
    '/sky.webp': { type: 'image/webp', bytes: await photo('#0369a1').webp().toBuffer() },
    '/leaf.jpg': { type: 'image/jpeg', bytes: await photo('#15803d').jpeg().toBuffer() },
    '/dancing.gif': {
      type: 'image/gif',
      bytes: await sharp(frames, { join: { animated: true } })
        .gif()
        .toBuffer(),
    },
  };
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pictures</title></head><body>
    <h1>Pictures</h1>
    <img src="/fox.webp" alt="Red fox" width="400" height="300">
    <img src="/sky.webp" alt="Blue sky" width="400" height="300">
    <img src="/leaf.jpg" alt="Green leaf" width="400" height="300">
    <img src="/dancing.gif" alt="Dancing cat" width="120" height="90">
  </body></html>`;
  const server: Server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (file) return void res.writeHead(200, { 'content-type': file.type }).end(file.bytes);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pictures.html`,
    jpeg: files['/leaf.jpg'].bytes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The entries of a ZIP, read with unzip as a person's tools would. */
function unzipped(zip: Buffer): Map<string, Buffer> {
  const file = join(mkdtempSync(join(tmpdir(), 'pixtract-e2e-zip-')), 'archive.zip');
  writeFileSync(file, zip);
  expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
  const names = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n');
  return new Map(names.map((name) => [name, execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 << 20 })]));
}

const hexStart = (bytes: Buffer, length: number) => bytes.subarray(0, length).toString('hex');

let site: Awaited<ReturnType<typeof startPictureSite>>;
test.beforeAll(async () => {
  site = await startPictureSite();
});
test.afterAll(() => site.close());

async function openResults(page: Page, prefix = '') {
  await page.goto(`${prefix}/results?url=${encodeURIComponent(site.url)}`);
  await expect(page.locator('main ul[aria-label] img')).toHaveCount(4, { timeout: 30_000 });
}

test('saves a WebP picture as PNG and the page as a ZIP of JPEGs, named by the pattern', async ({ page }) => {
  await prepare(page);
  await openResults(page);
  await page.getByLabel('Save as').selectOption('png');
  await page.getByRole('list', { name: 'Extracted images' }).getByRole('listitem').first().hover();
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download image 1' }).click(),
  ]);
  expect(single.suggestedFilename()).toBe('001-Red_fox.png');
  const png = readFileSync(await single.path());
  expect(hexStart(png, 8)).toBe(PNG_SIGNATURE);
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 400, height: 300 });

  await page.getByLabel('File names').fill('{n}-{alt}-{w}x{h}');
  await expect(page.getByText('001-Red_fox-400x300.png')).toBeVisible();
  await page.getByLabel('Save as').selectOption('jpeg');
  await expect(page.getByText('001-Red_fox-400x300.jpg')).toBeVisible();
  const [archive] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'DOWNLOAD ALL' }).click(),
  ]);
  const entries = unzipped(readFileSync(await archive.path()));
  const images = [...entries.keys()].filter((name) => name.startsWith('images/'));
  expect(images).toEqual([
    'images/001-Red_fox-400x300.jpg',
    'images/002-Blue_sky-400x300.jpg',
    'images/003-Green_leaf-400x300.jpg',
    'images/004-Dancing_cat-120x90.jpg',
  ]);
  for (const name of images) expect(hexStart(entries.get(name)!, 3)).toBe(JPEG_SIGNATURE);
  // A JPEG asked for as JPEG is the site's own file, byte for byte.
  expect(entries.get('images/003-Green_leaf-400x300.jpg')!.equals(site.jpeg)).toBe(true);
  const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
    images: Array<{ firstFrameOnly?: boolean }>;
  };
  expect(manifest.images.map((image) => image.firstFrameOnly ?? false)).toEqual([false, false, false, true]);

  // Remembered for the next visit.
  await page.reload();
  await expect(page.getByLabel('Save as')).toHaveValue('jpeg');
  await expect(page.getByLabel('File names')).toHaveValue('{n}-{alt}-{w}x{h}');
});

test('copies a picture to the clipboard as a PNG from the preview', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await prepare(page);
  await openResults(page);
  await page.getByRole('button', { name: 'Preview image 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image Preview' });
  await dialog.getByRole('button', { name: 'Copy image' }).click();
  await expect(page.getByText('Image copied', { exact: true })).toBeVisible();
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const blob = await item.getType('image/png');
    return [...new Uint8Array(await blob.arrayBuffer()).subarray(0, 8)];
  });
  expect(Buffer.from(copied).toString('hex')).toBe(PNG_SIGNATURE);
});

for (const { width, theme, prefix } of SCREEN_VARIANTS) {
  test(`save as, file names and the preview at ${width} px, ${theme}${prefix ? ', Arabic' : ''}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await prepare(page, { theme });
    await openResults(page, prefix);
    const name = `save-as-${width}-${theme}${prefix ? '-ar' : ''}`;
    await saveShot(page, name);
    // The animated GIF, saved as PNG: the preview says only its first frame is kept.
    await page.locator('main ul[aria-label] li').nth(3).getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('select').selectOption('png');
    await expect(dialog.getByRole('note')).toBeVisible();
    await saveShot(page, `dialog-${name}`);
  });
}
