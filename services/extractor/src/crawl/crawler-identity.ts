import { hostname } from 'node:os';

/** The robots.txt token Pixtract obeys (`User-agent: Pixtract`). */
export const ROBOTS_TOKEN = 'Pixtract';

/** The user agent of a crawl's own requests (robots.txt, sitemaps, static page reads): Pixtract and where to read about it. */
export const CRAWLER_USER_AGENT = 'Mozilla/5.0 (compatible; Pixtract/1.0; +https://pixtract.app/)';

/** This worker, as the crawl's progress names it: host name and process id. */
export const WORKER_NAME = `${hostname()}:${process.pid}`;
