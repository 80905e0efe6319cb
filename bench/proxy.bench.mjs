#!/usr/bin/env node
/**
 * The image proxy (issue 4, "Measure"), against a direct fetch of the same image in the same run:
 *   direct  fetch() of the fixture image
 *   proxy   fetch() of GET /api/proxy-image?url=<fixture image> on the zipper process
 * Prints median and p95 latency of each (sequential requests), the proxy's added median latency, and
 * requests/s of each at 16 concurrent clients.
 */
import { buildZipper, fixed, median, photo, startImageServer, startZipperProcess } from './zip.bench.kit.mjs';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 16;
const THROUGHPUT_SECONDS = 5;

console.log('building the zipper (nx cache makes this quick when nothing changed) ...');
await buildZipper();
const image = await photo(30);
const server = await startImageServer(image, LATENCY_MS);
const zipper = await startZipperProcess();

const direct = (i) => `${server.origin}/img/${i}.jpg`;
const proxied = (i) => `${zipper.base}/api/proxy-image?url=${encodeURIComponent(direct(i))}`;

async function get(url) {
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  if (res.status !== 200 || body.byteLength !== image.length) throw new Error(`unexpected answer ${res.status} from ${url}`);
}

async function latencies(urlOf) {
  for (let i = 0; i < 20; i++) await get(urlOf(i)); // warm-up
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await get(urlOf(i));
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times), p95: sorted[Math.floor(sorted.length * 0.95)] };
}

async function throughput(urlOf) {
  const until = performance.now() + THROUGHPUT_SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await get(urlOf(done++));
    }),
  );
  return done / THROUGHPUT_SECONDS;
}

console.log(`fixture: ${Math.round(image.length / 1024)} KB JPEG, ${LATENCY_MS} ms latency; ${REQUESTS} sequential requests, then ${CONCURRENCY} clients for ${THROUGHPUT_SECONDS} s\n`);
const directLatency = await latencies(direct);
const proxyLatency = await latencies(proxied);
const directRate = await throughput(direct);
const proxyRate = await throughput(proxied);
console.log('path   | median ms | p95 ms | requests/s');
console.log(`direct | ${fixed(directLatency.median, 1).padEnd(9)} | ${fixed(directLatency.p95, 1).padEnd(6)} | ${fixed(directRate, 0)}`);
console.log(`proxy  | ${fixed(proxyLatency.median, 1).padEnd(9)} | ${fixed(proxyLatency.p95, 1).padEnd(6)} | ${fixed(proxyRate, 0)}`);
console.log(`\nproxy adds ${fixed(proxyLatency.median - directLatency.median, 1)} ms at the median (proxy ÷ direct ${fixed(proxyLatency.median / directLatency.median)}), requests/s proxy ÷ direct ${fixed(proxyRate / directRate)}`);
console.log('target: proxy adds < 5 ms at the median');
await zipper.stop();
await server.close();
