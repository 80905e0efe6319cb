import { createHash } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { solidPng } from './png';

export const FIXTURE_PAGES_DIR = join(__dirname, '..', 'fixtures', 'pages');

interface FixtureServerOptions {
  /** Added before every response, to make pages behave like a real (slightly slow) site. */
  latencyMs?: number;
  /** Extra routes a test adds; return true when handled. */
  handle?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
}

export interface FixtureServer {
  origin: string;
  url(path: string): string;
  /** Paths requested so far, in order (query strings included). */
  readonly requests: string[];
  /** The most requests (of any path) ever in flight at once: a crawl's politeness, as the site sees it. */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Serves the fixture pages on 127.0.0.1 so tests never touch the internet.
 *   /pages/<file>                 files from libs/testing/fixtures/pages
 *   /images/<w>x<h>.png[?c=RRGGBB] a generated PNG of exactly that size (a single `Range: bytes=` honoured, as
 *                                 static file servers and CDNs do)
 *   /images/thumb.php?size=<w>x<h>[&c=RRGGBB] the same PNG from a "server script" (timthumb and the like)
 *   /wp-content/uploads/…/<name>[-<w>x<h>].png[?w=<w>], /cdn/shop/files/<name>.png?width=<w>,
 *   /wiki/[thumb/]a/ab/<Name>.png[/<w>px-<Name>.png]  a CMS's size copies of one upload, generated like the PNGs
 *                                 above (see cmsSize)
 *   /counter/<w>x<h>/<name>.html  a PNG under a page's name (a hit counter's badge)
 *   /stand-ins/<name>.gif?size=<w>x<h>  a PNG under a stand-in's name (a loading spinner)
 *   /delay/<ms>/<any path above>  the same response after <ms> milliseconds
 */
export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const requests: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    requests.push(req.url ?? '/');
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once('close', () => (inFlight -= 1));
    try {
      if (options.latencyMs) await sleep(options.latencyMs);
      if (options.handle && (await options.handle(req, res))) return;
      const url = new URL(req.url ?? '/', 'http://fixture');
      let path = decodeURIComponent(url.pathname);
      const delayed = /^\/delay\/(\d+)(\/.*)$/.exec(path);
      if (delayed) {
        await sleep(Number(delayed[1]));
        path = delayed[2];
      }
      await serve(path, url.searchParams, req, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  };
  const server = createServer((req, res) => void answer(req, res));
  server.keepAliveTimeout = 1000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path.startsWith('/') ? path : `/${path}`}`,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Generated images, kept: deflating a 1600×1200 PNG costs the fixture ~20 ms of the event loop it shares with
 * the code under test (benches), which would be charged to whoever asked for it.
 */
const generatedImages = new Map<string, Buffer>();
const MAX_GENERATED_IMAGES = 512;

function generatedPng(width: number, height: number, colour: string | undefined): Buffer {
  const key = `${width}x${height}:${colour ?? ''}`;
  let body = generatedImages.get(key);
  if (!body) {
    const rgb = colour
      ? ([0, 2, 4].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number])
      : undefined;
    body = solidPng(width, height, rgb);
    if (generatedImages.size >= MAX_GENERATED_IMAGES) generatedImages.clear();
    generatedImages.set(key, body);
  }
  return body;
}

/** `bytes=a-b` or `bytes=a-` within the body, else undefined (the whole body is sent). */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const range = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!range) return undefined;
  const start = Number(range[1]);
  const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
  return start <= end ? { start, end } : undefined;
}

async function serve(path: string, query: URLSearchParams, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const image =
    /^\/images\/(\d{1,4})x(\d{1,4})\.png$/.exec(path) ??
    /^\/counter\/(\d{1,4})x(\d{1,4})\/[\w-]+\.html$/.exec(path) ??
    (path === '/images/thumb.php' || path.startsWith('/stand-ins/')
      ? /^(\d{1,4})x(\d{1,4})$/.exec(query.get('size') ?? '')
      : null) ??
    cmsSize(path, query);
  if (image) {
    const body = generatedPng(
      Number(image[1]),
      Number(image[2]),
      /^[0-9a-f]{6}$/i.exec(query.get('c') ?? '')?.[0] ?? cmsColour(path),
    );
    const headers = { 'content-type': 'image/png', 'accept-ranges': 'bytes', 'cache-control': 'max-age=60' };
    const range = byteRange(req.headers.range, body.length);
    if (range) {
      res.writeHead(206, {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${body.length}`,
        'content-length': range.end - range.start + 1,
      });
      res.end(body.subarray(range.start, range.end + 1));
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
    return;
  }
  if (path.startsWith('/pages/')) {
    const file = normalize(join(FIXTURE_PAGES_DIR, path.slice('/pages/'.length)));
    if (!file.startsWith(FIXTURE_PAGES_DIR)) return notFound(res);
    const body = await readFile(file).catch(() => undefined);
    if (!body) return notFound(res);
    const type = CONTENT_TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
    return;
  }
  notFound(res);
}

/**
 * A CMS's size copies of one upload: WordPress's `/wp-content/uploads/…/name-300x200.png` (the original, without
 * the suffix, is 1600×1000; `?w=640` resizes it, as WordPress.com and Jetpack do), Shopify's
 * `/cdn/shop/files/name.png?width=400` (4:3) and MediaWiki's `/wiki/a/ab/Name.png` (1200×800) with its thumbnails
 * `/wiki/thumb/a/ab/Name.png/125px-Name.png` (3:2). Answers [_, width, height].
 */
function cmsSize(path: string, query: URLSearchParams): string[] | null {
  const upload = /^\/wp-content\/uploads\/[\w/-]+?(?:-(\d{1,4})x(\d{1,4}))?\.png$/.exec(path);
  const resized = /^\d{1,4}$/.exec(query.get('w') ?? '')?.[0];
  if (upload && !upload[1] && resized) return [path, resized, String(Math.round((Number(resized) * 1000) / 1600))];
  if (upload) return [path, upload[1] ?? '1600', upload[2] ?? '1000'];
  const wiki = /^\/wiki\/(?:thumb\/)?[0-9a-f]\/[0-9a-f]{2}\/[\w-]+\.png(?:\/(\d{1,4})px-[\w-]+\.png)?$/.exec(path);
  if (wiki) return [path, wiki[1] ?? '1200', String(Math.round((Number(wiki[1] ?? 1200) * 2) / 3))];
  const width = /^\/cdn\/shop\/files\/[\w-]+\.png$/.test(path) && /^\d{1,4}$/.exec(query.get('width') ?? '');
  return width ? [path, width[0], String(Math.round((Number(width[0]) * 3) / 4))] : null;
}

/** Each upload its own colour (from its name), so two uploads of one size are not the same bytes. */
function cmsColour(path: string): string | undefined {
  if (!path.startsWith('/wp-content/') && !path.startsWith('/cdn/shop/') && !path.startsWith('/wiki/'))
    return undefined;
  const name = /\/([a-z]+)[^/]*$/i.exec(path)?.[1] ?? '';
  return createHash('sha1').update(name).digest('hex').slice(0, 6);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}
