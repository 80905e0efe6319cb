import type { Provider } from '@nestjs/common';
import type { SafeFetchPolicy } from '@pixtract/safe-fetch';
import { hostname } from 'node:os';
import { SAFE_FETCH_POLICY } from '../extractor.config';
import { HostRequestGate } from './host-request-gate.service';

/** The robots.txt token Pixtract obeys (`User-agent: Pixtract`). */
export const ROBOTS_TOKEN = 'Pixtract';

/**
 * The user agent of every request a crawl makes (robots.txt, sitemaps, pages on both paths, stylesheets, image
 * probes): the robots.txt token and where a site owner reads about it.
 */
export const CRAWLER_USER_AGENT = `Mozilla/5.0 (compatible; ${ROBOTS_TOKEN}/1.0; +https://pixtract.app/)`;

/**
 * The SSRF-safe policy a crawl fetches under: the service's, sending CRAWLER_USER_AGENT, each request waiting for
 * room on its host (HostRequestGate).
 */
export const CRAWL_FETCH_POLICY = Symbol('CRAWL_FETCH_POLICY');

export const crawlFetchPolicyProvider: Provider = {
  provide: CRAWL_FETCH_POLICY,
  inject: [SAFE_FETCH_POLICY, HostRequestGate],
  useFactory: (policy: SafeFetchPolicy, hostGate: HostRequestGate): SafeFetchPolicy => ({
    ...policy,
    userAgent: CRAWLER_USER_AGENT,
    hostGate,
  }),
};

/** This worker, as the crawl's progress names it: host name and process id. */
export const WORKER_NAME = `${hostname()}:${process.pid}`;
