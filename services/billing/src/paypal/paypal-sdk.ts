import { Client, Environment, type OAuthToken } from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter } from 'axios';

const LIVE_API = 'https://api-m.paypal.com';
const SANDBOX_API = 'https://api-m.sandbox.paypal.com';
const TIMEOUT_MS = 15_000;

/**
 * PayPal's server SDK pointed at PAYPAL_API_BASE. The SDK knows only its two environments' hosts, live and sandbox;
 * any other base (the local simulator) gets the sandbox environment with each request's origin swapped for the
 * configured one by an axios adapter (the SDK's `unstable_httpClientOptions` are axios options; the SDK version is
 * pinned). `tokenProvider` lets the SDK and billing's own REST calls share one OAuth token.
 */
export function createPayPalSdk(
  apiBase: string,
  credentials: { clientId: string; clientSecret: string },
  tokenProvider: (last: OAuthToken | undefined, fetchToken: () => Promise<OAuthToken>) => Promise<OAuthToken>,
): Client {
  const base = new URL(apiBase).origin;
  const environment = base === LIVE_API ? Environment.Production : Environment.Sandbox;
  const known = base === LIVE_API || base === SANDBOX_API;
  return new Client({
    environment,
    timeout: TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      oAuthClientId: credentials.clientId,
      oAuthClientSecret: credentials.clientSecret,
      oAuthTokenProvider: (last, manager) => tokenProvider(last, () => manager.fetchToken()),
    },
    ...(known ? {} : { unstable_httpClientOptions: { adapter: rebasedAdapter(SANDBOX_API, base) } }),
  });
}

function rebasedAdapter(from: string, to: string): AxiosAdapter {
  const send = axios.getAdapter('http');
  return (config) =>
    send({ ...config, url: config.url?.startsWith(from) ? to + config.url.slice(from.length) : config.url });
}
