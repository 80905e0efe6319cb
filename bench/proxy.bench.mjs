#!/usr/bin/env node
/**
 * The image proxy (issue 4, "Measure"), against a direct fetch of the same image in the same run:
 *   direct   fetch() of the fixture image
 *   zipper   fetch() of GET /api/proxy-image?url=<fixture image> on the zipper process
 *   gateway  the same through the gateway, the public origin, which forwards it to the zipper
 * Prints median and p95 latency of each (sequential requests), the added median latency, and requests/s of each
 * at 16 concurrent clients.
 */
import {
  buildServices,
  finishBench,
  fixed,
  measure,
  median,
  photo,
  startImageServer,
  startServices,
} from './bench.kit.mjs';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 16;
const THROUGHPUT_SECONDS = 5;

console.log('building the gateway and the zipper (nx cache makes this quick when nothing changed) ...');
await buildServices(['@pixtract/gateway', '@pixtract/zipper']);
const image = await photo(30);
const server = await startImageServer(image, LATENCY_MS);
const services = await startServices(['gateway', 'zipper']);

const direct = (i) => `${server.origin}/img/${i}.jpg`;
const proxiedBy = (service) => (i) =>
  `${services.baseOf(service)}/api/proxy-image?url=${encodeURIComponent(direct(i))}`;
const PATHS = [
  ['direct', direct],
  ['zipper', proxiedBy('zipper')],
  ['gateway', proxiedBy('gateway')],
];

async function get(url) {
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  if (res.status !== 200 || body.byteLength !== image.length)
    throw new Error(`unexpected answer ${res.status} from ${url}`);
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

console.log(
  `fixture: ${Math.round(image.length / 1024)} KB JPEG, ${LATENCY_MS} ms latency; ${REQUESTS} sequential requests, then ${CONCURRENCY} clients for ${THROUGHPUT_SECONDS} s\n`,
);
const rows = [];
for (const [name, urlOf] of PATHS) {
  const latency = await measure(`${name}: latencies`, () => latencies(urlOf));
  rows.push({ name, urlOf, median: latency?.median ?? NaN, p95: latency?.p95 ?? NaN });
}
for (const row of rows) row.rate = (await measure(`${row.name}: throughput`, () => throughput(row.urlOf))) ?? NaN;
const [directRow] = rows;
console.log('path    | median ms | p95 ms | requests/s | adds ms at the median | requests/s ÷ direct');
for (const row of rows) {
  console.log(
    `${row.name.padEnd(7)} | ${fixed(row.median, 1).padEnd(9)} | ${fixed(row.p95, 1).padEnd(6)} | ${fixed(row.rate, 0).padEnd(10)} | ${fixed(row.median - directRow.median, 1).padEnd(21)} | ${fixed(row.rate / directRow.rate)}`,
  );
}
console.log('\ntarget: the proxy adds < 5 ms at the median (the public path is the gateway row)');
await services.stop();
await server.close();
finishBench();
