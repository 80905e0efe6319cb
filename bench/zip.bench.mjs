#!/usr/bin/env node
/**
 * The streaming ZIP (issue 4, "Measure"), against baselines measured in the same run:
 *   floor   the same images downloaded with the same parallelism (5) through the same SSRF-safe fetcher, to nothing
 *   zip     POST /api/download-images on the zipper process (launched as `npm start` launches it), the answer
 *           read to nothing
 * Prints ZIP MB/s ÷ floor, time to first byte and the zipper's peak RSS at 500 and 2,000 images, then archiver
 * deflating everything vs our store/deflate choice on the same images in memory, then the converting ZIP:
 *   convert  500 WebP images saved as PNG and as JPEG (`format`), against the plain ZIP of the same images and
 *            against sharp converting the same files from disk (the zipper's own conversion, 5 at a time)
 * BENCH_ZIP_PARTS=plain,store,convert chooses the parts (all by default).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildZipper,
  finishBench,
  fixed,
  mb,
  measure,
  measured,
  median,
  photo,
  startImageServer,
  startZipperProcess,
  zipperRequire,
} from './bench.kit.mjs';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 10);
const IMAGE_KB = Number(process.env.BENCH_IMAGE_KB ?? 200);
const PARALLEL = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PARTS = new Set((process.env.BENCH_ZIP_PARTS ?? 'plain,store,convert').split(','));

console.log('building the zipper (nx cache makes this quick when nothing changed) ...');
await buildZipper();
const { safeFetch, safeFetchPolicy } = zipperRequire('@pixtract/safe-fetch');
const archiver = zipperRequire('archiver');

const image = await photo(IMAGE_KB);
const server = await startImageServer(image, LATENCY_MS);
const urls = (count) => Array.from({ length: count }, (_, i) => `${server.origin}/img/${i}.jpg`);
console.log(`fixture: ${Math.round(image.length / 1024)} KB JPEG, ${LATENCY_MS} ms latency per image\n`);

async function floor(list) {
  const policy = safeFetchPolicy({ allowPrivateNetworks: true });
  const started = performance.now();
  let next = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < list.length) {
        const response = await safeFetch(list[next++], { policy });
        for await (const chunk of response.body) bytes += chunk.length;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, bytes };
}

async function zip(list, format) {
  const zipper = await startZipperProcess({ PIXTRACT_QUOTA_FREE_PER_EXTRACTION: String(list.length) });
  try {
    const started = performance.now();
    const res = await fetch(`${zipper.base}/api/download-images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageUrls: list, ...(format && { format }) }),
    });
    let firstByte;
    let bytes = 0;
    for await (const chunk of res.body) {
      firstByte ??= performance.now() - started;
      bytes += chunk.length;
    }
    return { seconds: (performance.now() - started) / 1000, ttfbMs: firstByte, bytes, peakRss: zipper.peakRss() };
  } finally {
    await zipper.stop();
  }
}

if (PARTS.has('plain')) {
  // Floor and ZIP alternate, RUNS times each: on a shared machine a load spike then hits both, and the medians
  // (the largest peak RSS) say more than one pair.
  console.log(`medians of ${RUNS} alternating floor/zip runs; peak RSS is the largest of them`);
  console.log('images | floor MB/s | zip MB/s | zip ÷ floor | TTFB ms | zipper peak RSS MB | archive MB');
  for (const count of [500, 2000]) {
    const list = urls(count);
    const floorRates = [];
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const base = await measure(`${count} images run ${run}: floor`, () => floor(list));
      if (base) floorRates.push(mb(base.bytes) / base.seconds);
      runs.push(await measure(`${count} images run ${run}: zip`, () => zip(list)));
    }
    runs.splice(0, runs.length, ...measured(runs));
    const floorRate = median(floorRates);
    const zipRate = median(runs.map((ours) => mb(count * image.length) / ours.seconds));
    const peakRss = runs.length ? Math.max(...runs.map((ours) => ours.peakRss)) : NaN;
    console.log(
      `${String(count).padEnd(6)} | ${fixed(floorRate, 1).padEnd(10)} | ${fixed(zipRate, 1).padEnd(8)} | ${fixed(zipRate / floorRate).padEnd(11)} | ${fixed(median(runs.map((ours) => ours.ttfbMs)), 0).padEnd(7)} | ${fixed(mb(peakRss), 0).padEnd(18)} | ${fixed(mb(runs[0]?.bytes ?? NaN), 0)}`,
    );
  }
}

/** Writes the same in-memory images with archiver; `store` decides per entry. */
async function archiveTime(images, store) {
  const runs = [];
  let size = 0;
  for (let run = 0; run < 3; run++) {
    const archive = archiver('zip', { zlib: { level: 5 } });
    size = 0;
    archive.on('data', (chunk) => (size += chunk.length));
    const started = performance.now();
    for (const [i, bytes] of images.entries()) archive.append(bytes, { name: `images/${i}.jpg`, store });
    await archive.finalize();
    runs.push(performance.now() - started);
  }
  return { ms: median(runs), size };
}

if (PARTS.has('store')) {
  const inMemory = Array.from({ length: 500 }, () => image);
  const failedArchive = { ms: NaN, size: NaN };
  const deflateAll =
    (await measure('500 JPEGs deflated in memory', () => archiveTime(inMemory, false))) ?? failedArchive;
  const storeJpeg = (await measure('500 JPEGs stored in memory', () => archiveTime(inMemory, true))) ?? failedArchive;
  console.log(
    `\n500 JPEGs in memory: archiver deflate-everything ${fixed(deflateAll.ms, 0)} ms (${fixed(mb(deflateAll.size), 1)} MB) vs store ${fixed(storeJpeg.ms, 0)} ms (${fixed(mb(storeJpeg.size), 1)} MB): deflate ÷ store time ${fixed(deflateAll.ms / storeJpeg.ms, 1)}×, size saved by deflating ${fixed((1 - deflateAll.size / storeJpeg.size) * 100, 1)} %`,
  );
}

/** sharp converting `count` WebP files from disk to `format`, 5 at a time, as the zipper's conversion does it. */
async function convertFromDisk(dir, count, format) {
  const { saveImageAs } = zipperRequire('./dist/fetching/image-transform.util.js');
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < count) {
        const bytes = await readFile(join(dir, `${next++}.webp`));
        await saveImageAs([bytes], 'webp', format, 40_000_000);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

if (PARTS.has('convert')) {
  const sharp = zipperRequire('sharp');
  const webp = await sharp(image).webp({ quality: 90 }).toBuffer();
  const webpServer = await startImageServer(webp, LATENCY_MS, 'image/webp');
  const dir = await mkdtemp(join(tmpdir(), 'pixtract-bench-webp-'));
  const count = 500;
  await Promise.all(Array.from({ length: count }, (_, i) => writeFile(join(dir, `${i}.webp`), webp)));
  const list = Array.from({ length: count }, (_, i) => `${webpServer.origin}/img/${i}.webp`);
  console.log(
    `\nconverting ZIP: ${count} WebP images of ${Math.round(webp.length / 1024)} KB; medians of ${RUNS} runs, peak RSS the largest`,
  );
  console.log(
    'format | zip s | plain zip s | ÷ plain zip | sharp from disk s | ÷ sharp from disk | zipper peak RSS MB | archive MB',
  );
  for (const format of ['png', 'jpeg']) {
    const plainRuns = [];
    const convertRuns = [];
    const diskRuns = [];
    for (let run = 1; run <= RUNS; run++) {
      plainRuns.push(await measure(`${format} run ${run}: plain zip`, () => zip(list)));
      convertRuns.push(await measure(`${format} run ${run}: converting zip`, () => zip(list, format)));
      diskRuns.push(await measure(`${format} run ${run}: sharp from disk`, () => convertFromDisk(dir, count, format)));
    }
    const converted = measured(convertRuns);
    const converting = median(converted.map((ours) => ours.seconds));
    const plainZip = median(measured(plainRuns).map((ours) => ours.seconds));
    const fromDisk = median(measured(diskRuns));
    const peakRss = converted.length ? Math.max(...converted.map((ours) => ours.peakRss)) : NaN;
    console.log(
      `${format.padEnd(6)} | ${fixed(converting, 1).padEnd(5)} | ${fixed(plainZip, 1).padEnd(11)} | ${fixed(converting / plainZip, 1).padEnd(11)} | ${fixed(fromDisk, 1).padEnd(17)} | ${fixed(converting / fromDisk).padEnd(17)} | ${fixed(mb(peakRss), 0).padEnd(18)} | ${fixed(mb(converted[0]?.bytes ?? NaN), 0)}`,
    );
  }
  await rm(dir, { recursive: true, force: true });
  await webpServer.close();
}

console.log('targets: zip ÷ floor ≥ 0.80, peak RSS < 200 MB at 2,000 images; converting ZIP peak RSS < 250 MB');
await server.close();
finishBench();
