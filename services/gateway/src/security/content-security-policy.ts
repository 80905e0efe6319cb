/** Sources per directive, e.g. `{ 'script-src': ['https://cdn.example'] }`; merged into the app's policy. */
export type CspSources = Partial<Record<string, string[]>>;

/**
 * The policy the web app runs under. Scripts, styles, fonts and connections come from our own origin only (the
 * socket's ws: included: 'self' covers it); images from anywhere, because results show every page's images
 * directly. Inline styles are allowed: Radix UI positions popovers and locks scrolling with inline and injected
 * styles. Nothing may frame us, nor take a form or a base URL elsewhere.
 */
const APP_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ['*', 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'frame-src': ["'none'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** PayPal's own hosts, for its JS SDK in production: the SDK, its checkout frames and their assets. */
const PAYPAL_HOSTS = [
  'https://www.paypal.com',
  'https://www.sandbox.paypal.com',
  'https://*.paypal.com',
  'https://*.paypalobjects.com',
];

/**
 * Where the PayPal JS SDK may load from and talk to (PAYPAL_SDK_URL): its origin — the local simulator's in
 * development — and, when it is PayPal's, PayPal's hosts, in script-src, connect-src and frame-src.
 */
export function paypalSources(sdkUrl: string | undefined): CspSources {
  if (!sdkUrl) return {};
  const { origin, hostname } = new URL(sdkUrl);
  const hosts = hostname === 'paypal.com' || hostname.endsWith('.paypal.com') ? [origin, ...PAYPAL_HOSTS] : [origin];
  return { 'script-src': hosts, 'connect-src': hosts, 'frame-src': hosts };
}

/**
 * The Content-Security-Policy header value: the app's policy with each extension's sources added. A route that
 * serves a page of its own (a dashboard, API docs) sets the header again with its extra sources; `'none'` gives
 * way when a directive gains a source.
 */
export function contentSecurityPolicy(...extensions: CspSources[]): string {
  const directives = Object.fromEntries(Object.entries(APP_POLICY).map(([name, sources]) => [name, [...sources]]));
  for (const extension of extensions) {
    for (const [name, sources = []] of Object.entries(extension)) {
      const current = (directives[name] ?? []).filter((source) => source !== "'none'");
      directives[name] = [...new Set([...current, ...sources])];
    }
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.length > 0 ? sources.join(' ') : "'none'"}`)
    .join('; ');
}
