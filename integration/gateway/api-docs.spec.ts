import type { INestApplication } from '@nestjs/common';
import { openApiDocument } from '@pixtract/contracts/openapi';
import type { Express } from 'express';
import { AUTH_RELAYED_ROUTES } from '@pixtract/gateway/src/account/auth-proxy.middleware';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * "METHOD /path/{param}" for every route handler an application's Express router holds. A route for every method
 * is middleware Nest mounted with app.all (the auth relay, the queue dashboard) or its 404 handler: what middleware
 * relays is enumerated from the service it relays to. Middleware mounted for one method is a route of its own in
 * front of the handler's — a rate limit (RATE_LIMITS): such a route is listed once.
 */
function routesOf(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as Omit<Express, 'router'> & { router: { stack: RouteLayer[] } };
  const routes = express.router.stack.flatMap(({ route }) => {
    const methods = Object.keys(route?.methods ?? {});
    if (!route || methods.length > 1) return [];
    return methods.map((method) => `${method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  });
  return [...new Set(routes)];
}

/** Whether the gateway relays an auth route (`auth/{*path}` covers everything below /api/auth/). */
function isRelayed(route: string): boolean {
  const path = route.split(' ')[1];
  return AUTH_RELAYED_ROUTES.some((relayed) =>
    relayed.endsWith('/{*path}')
      ? path.startsWith(`/api/${relayed.slice(0, -'{*path}'.length)}`)
      : path === `/api/${relayed}`,
  );
}

describe('API documentation (real gateway and auth)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway('gateway_api_docs');
  });
  afterAll(() => gateway.close());

  it('documents exactly the routes the gateway serves: its own and those it relays to auth', async () => {
    const served = [...routesOf(gateway.app), ...routesOf(gateway.authApp!).filter(isRelayed)];
    const document = (await (await fetch(`${gateway.base}/api/openapi.json`)).json()) as ReturnType<
      typeof openApiDocument
    >;
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );

    // Enumerated from the running routers: a route added to any controller (or to auth under a relayed prefix)
    // without its entry in libs/contracts/src/openapi fails here, and so does an entry for a route that went.
    expect(served.length).toBeGreaterThan(15);
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !served.includes(route))).toEqual([]);
  });

  it('serves the document generated from the contracts', async () => {
    const res = await fetch(`${gateway.base}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('serves the reference page and its assets from the gateway itself, and nothing else of swagger-ui-dist', async () => {
    const page = await fetch(`${gateway.base}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((match) => match[1])
      .filter((url) => url.startsWith('/api/docs/'));
    expect(assets.sort()).toEqual([
      '/api/docs/api-docs.js',
      '/api/docs/favicon-32x32.png',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
    ]);
    expect(html).not.toMatch(/<script>|<style|style="|https?:\/\//);
    for (const asset of assets) expect([asset, (await fetch(gateway.base + asset)).status]).toEqual([asset, 200]);
    expect((await fetch(`${gateway.base}/api/docs/swagger-initializer.js`)).status).toBe(404);
    expect((await fetch(`${gateway.base}/api/docs/index.html`)).status).toBe(404);
    expect((await fetch(`${gateway.base}/api/docs/package.json`)).status).toBe(404);
  });
});
