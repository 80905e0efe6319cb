import type { INestApplication } from '@nestjs/common';
import { HttpException } from '@nestjs/common';
import { unprefixedPath } from '@pixtract/contracts';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PageHeads } from './page-heads.service';

/** What the gateway answers itself, never with the app's index.html; routed without regard to letter case, like
 * every route: /API/… is the API's. */
const NOT_SPA = /^\/(api|socket\.io|health|ready|sitemap\.xml|robots\.txt|admin\/queues)(\/|$)/i;

/**
 * The specification's link that starts Google sign-in, in any language (`/auth/google`, `/ar/auth/google`): the
 * auth service's start, reached without loading the app first. (The app has the same route for its dev server.)
 */
const GOOGLE_SIGN_IN_LINK = /^\/auth\/google\/?$/i;
const GOOGLE_SIGN_IN_START = '/api/auth/google';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET that wants HTML gets
 * index.html so client-side routes (/results, /ar/pricing …) survive a reload — with the head of that page in
 * that language, and 404 for an address the app does not have.
 */
export function serveSpa(app: INestApplication, webDist: string): void {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) throw new Error(`WEB_DIST has no index.html: ${webDist} (build the web app first)`);
  const pages = app.get(PageHeads);
  pages.load(webDist);
  app.use('/assets', express.static(join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use('/assets', staticRefusal);
  app.use(express.static(webDist, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || NOT_SPA.test(req.path)) return next();
    if (GOOGLE_SIGN_IN_LINK.test(unprefixedPath(req.path))) return res.redirect(302, GOOGLE_SIGN_IN_START);
    if (!req.accepts('html')) return next();
    res.setHeader('cache-control', 'no-cache');
    const page = pages.render(req);
    res.status(page.status).type('html').send(page.html);
  });
}

/**
 * serve-static's refusals as the client errors they are: a missing file is a 404 and an undecodable path a 400. Its
 * 404 for a missing file is marked not to be exposed (the message names the path on disk), so it would otherwise be
 * answered as a 500; the status alone goes on, in the catalogue's words.
 */
function staticRefusal(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const status = (error as { status?: unknown } | null)?.status;
  next(typeof status === 'number' && status >= 400 && status < 500 ? new HttpException('', status) : error);
}
