// Google sign-in, simulated: a real OpenID Provider (oidc-provider) on Google's paths and claims, so the auth
// service's relying party talks to it exactly as to accounts.google.com (discovery, authorization code with PKCE,
// token, userinfo, keys). Its sign-in page takes any test account the tester names.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider, { interactionPolicy } from 'oidc-provider';
import { memoryAdapter } from './memory-adapter.mjs';
import { errorPage, signInPage } from './sign-in-page.mjs';
import { TestAccounts } from './test-accounts.mjs';

const INTERACTION = /^\/signin\/([\w-]+)(\/cancel)?$/;
const MAX_FORM_BYTES = 4096;

/**
 * Starts the simulator on `host:port` (0: a free port) for one client, which may send browsers back to
 * `redirectUris`. Answers `{ origin, close() }`; `origin` is the issuer (GOOGLE_ISSUER).
 * @param {{ port?: number, host?: string, clientId: string, clientSecret: string, redirectUris: string[], clientName?: string }} options
 */
export async function startGoogleSimulator({
  port = 0,
  host = '127.0.0.1',
  clientId,
  clientSecret,
  redirectUris,
  clientName = 'Pixtract',
}) {
  let provider;
  const accounts = new TestAccounts();
  const server = createServer((req, res) => {
    if (!provider) return send(res, 503, 'text/plain', 'starting');
    route(req, res).catch((error) => {
      if (!res.headersSent) send(res, 500, 'text/plain', `simulator error: ${error.message}`);
      else res.destroy(error);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const origin = `http://${host}:${server.address().port}`;
  provider = createProvider({ origin, clientId, clientSecret, redirectUris, accounts });
  const handleProtocol = provider.callback();

  async function route(req, res) {
    const path = new URL(req.url, origin).pathname;
    if (path === '/health' || path === '/ready') return send(res, 200, 'application/json', '{"status":"ok"}');
    const interaction = INTERACTION.exec(path);
    if (!interaction) return handleProtocol(req, res);
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== interaction[1]) return send(res, 400, 'text/plain', 'this sign-in has ended');
    const action = `/signin/${details.uid}`;
    const show = (status, problem) =>
      send(
        res,
        status,
        'text/html; charset=utf-8',
        signInPage({ clientName, action, cancelAction: `${action}/cancel`, accounts: accounts.recent(), problem }),
      );
    if (req.method === 'GET' && !interaction[2]) return show(200);
    if (req.method !== 'POST') return send(res, 405, 'text/plain', 'method not allowed');
    if (interaction[2]) {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The tester cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    }
    const form = await readForm(req);
    const account = accounts.signIn(form.get('email'), form.get('name'));
    if (!account) return show(400, 'Enter an email address, such as tester@example.com.');
    const grant = new provider.Grant({ accountId: account.sub, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())).then(() => server.closeAllConnections()),
  };
}

function createProvider({ origin, clientId, clientSecret, redirectUris, accounts }) {
  const { Check, base } = interactionPolicy;
  const policy = base();
  // Every sign-in shows the account chooser (Google's prompt=select_account): a tester switches accounts at will.
  policy
    .get('login')
    .checks.add(
      new Check('choose_account', 'the tester picks a test account for every sign-in', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(origin, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    // Google's endpoints (accounts.google.com, oauth2.googleapis.com, openidconnect.googleapis.com) on one origin.
    routes: {
      authorization: '/o/oauth2/v2/auth',
      token: '/token',
      userinfo: '/v1/userinfo',
      jwks: '/oauth2/v3/certs',
    },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the email and name in the ID token too.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'simulator', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    adapter: memoryAdapter(),
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/signin/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const claims = accounts.claimsOf(sub);
      return claims && { accountId: sub, claims: () => claims };
    },
    renderError: (ctx, error) => {
      ctx.type = 'html';
      ctx.body = errorPage(error);
    },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  return provider;
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_FORM_BYTES) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}
