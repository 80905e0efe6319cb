/** A browser's cookie jar in miniature: remembers Set-Cookie answers and sends them back. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.header());
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const res = await fetch(this.base + path, {
      ...init,
      headers,
      redirect: 'manual',
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    this.remember(res);
    return res;
  }

  remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
