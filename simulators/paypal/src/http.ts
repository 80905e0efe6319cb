import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface SimRequest {
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** The body as sent. */
  raw: string;
  /** JSON or form body (empty object when there is none). */
  body: Record<string, unknown>;
}

export type Handler = (req: SimRequest, res: ServerResponse) => void | Promise<void>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
  /** Answered without a bearer token (OAuth, pages, the SDK, the certificate). */
  open: boolean;
}

/** PayPal's error body: a name, a message, a debug id and the details that say which rule was broken. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    override readonly name: string,
    message: string,
    readonly details: Array<{ issue: string; description: string; field?: string }> = [],
  ) {
    super(message);
  }

  toJSON() {
    return { name: this.name, message: this.message, debug_id: randomBytes(6).toString('hex'), details: this.details };
  }
}

export const notFound = (what: string) =>
  new PayPalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { issue: 'INVALID_RESOURCE_ID', description: `${what} does not exist.` },
  ]);

export const unprocessable = (issue: string, description: string) =>
  new PayPalError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ issue, description }],
  );

export const invalidRequest = (field: string, description: string) =>
  new PayPalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { field, issue: 'MISSING_REQUIRED_PARAMETER', description },
  ]);

/** Paths like `/v1/billing/subscriptions/:id/cancel` matched in order of registration. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: Handler, { open = false } = {}): void {
    const names: string[] = [];
    const pattern = new RegExp(`^${path.replace(/:(\w+)/g, (_match, name: string) => (names.push(name), '([^/]+)'))}$`);
    this.routes.push({ method, pattern, names, handler, open });
  }

  match(method: string, pathname: string): { route: Route; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const found = route.pattern.exec(pathname);
      if (found)
        return {
          route,
          params: Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(found[index + 1])])),
        };
    }
    return undefined;
  }
}

export async function readBody(req: IncomingMessage): Promise<{ raw: string; body: Record<string, unknown> }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return { raw, body: {} };
  const type = req.headers['content-type'] ?? '';
  if (!type.includes('json')) return { raw, body: Object.fromEntries(new URLSearchParams(raw)) };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return { raw, body: parsed as Record<string, unknown> };
  } catch {
    throw new PayPalError(400, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'paypal-debug-id': randomBytes(6).toString('hex'),
  });
  res.end(text);
}

export function sendText(
  res: ServerResponse,
  status: number,
  type: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

/** PayPal's ids: an upper-case letter prefix and 17 characters of base 36. */
export function paypalId(prefix = ''): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return prefix + Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]).join('');
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
