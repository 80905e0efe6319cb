// A real OpenID Provider (oidc-provider) for the Google sign-in tests, run as its own process
// because the package is ESM-only. Usage: node local-provider.mjs <port> <redirect_uri>
// Any login name is accepted; the account's email is <login>@example.com, verified.
import Provider from 'oidc-provider';

const [port, redirectUri] = process.argv.slice(2);
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: 'pixtract-test',
      client_secret: 'pixtract-test-secret',
      redirect_uris: [redirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // Google puts the email in the ID token; so does this provider.
  conformIdTokenClaims: false,
  cookies: { keys: ['local-provider-test-key'] },
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, email: `${sub}@example.com`, email_verified: true, name: `Test ${sub}` }),
  }),
});
provider.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
