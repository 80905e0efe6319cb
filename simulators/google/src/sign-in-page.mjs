// The simulator's pages. Each says plainly that it is a simulator taking test accounts, so nobody mistakes it for
// Google or types a real password into it (it asks for none).

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f0f4f9; color: #1f1f1f; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 24px; padding: 2rem; box-shadow: 0 4px 24px #0002; }
  .brand { font-size: 1.25rem; font-weight: 500; margin: 0 }
  .test { display: inline-block; margin: .75rem 0; padding: .25rem .6rem; border-radius: 999px; background: #fff4ce; color: #7a5a00; font-size: .8rem; font-weight: 600 }
  h1 { font-size: 1.4rem; font-weight: 500 }
  label { display: block; margin: 1rem 0 .3rem; font-size: .9rem }
  input { box-sizing: border-box; width: 100%; height: 2.75rem; padding: 0 .75rem; border: 1px solid #747775; border-radius: 4px; font-size: 1rem }
  .accounts { list-style: none; padding: 0; margin: 0 0 1rem }
  .accounts button { width: 100%; text-align: start; padding: .6rem .75rem; border: 1px solid #c4c7c5; border-radius: 8px; background: #fff; cursor: pointer; font-size: .95rem; margin-bottom: .5rem }
  .accounts small { display: block; color: #444746 }
  .buttons { display: flex; justify-content: flex-end; gap: .75rem; margin-top: 1.5rem }
  .buttons button, .buttons a { height: 2.5rem; padding: 0 1.5rem; border-radius: 999px; font-size: .95rem; font-weight: 500; cursor: pointer; display: inline-flex; align-items: center; text-decoration: none }
  .next { background: #0b57d0; color: #fff; border: 0 }
  .cancel { background: #fff; color: #0b57d0; border: 0 }
  .error { color: #b3261e }
`;

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Google sign-in simulator</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <p class="brand">Google sign-in simulator</p>
  <p class="test">Simulator – test sign-in, not Google</p>
  ${body}
</main>
</body>
</html>`;
}

/**
 * The account chooser: the accounts used before, and any address and name to sign in as. `action` takes the
 * form (email, name); `cancelAction` refuses the sign-in, as closing Google's page does.
 */
export function signInPage({ clientName, action, cancelAction, accounts, problem }) {
  const chooser = accounts.length
    ? `<ul class="accounts">${accounts
        .map(
          (account) => `<li><form method="post" action="${escapeHtml(action)}">
      <input type="hidden" name="email" value="${escapeHtml(account.email)}">
      <input type="hidden" name="name" value="${escapeHtml(account.name)}">
      <button>${escapeHtml(account.name)}<small>${escapeHtml(account.email)}</small></button>
    </form></li>`,
        )
        .join('')}</ul><p>Or use another test account:</p>`
    : '';
  return page(
    'Sign in',
    `<h1>Choose a test account</h1>
  <p>to continue to ${escapeHtml(clientName)}. Any address works; no password is asked. ${escapeHtml(clientName)}
  receives the address (as verified) and the name.</p>
  ${chooser}
  <form id="sign-in" method="post" action="${escapeHtml(action)}">
    ${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required autocomplete="off" placeholder="tester@example.com">
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="off" placeholder="Test User">
    <div class="buttons">
      <button class="cancel" type="submit" formaction="${escapeHtml(cancelAction)}" formnovalidate>Cancel</button>
      <button class="next" type="submit">Sign in</button>
    </div>
  </form>`,
  );
}

/** oidc-provider's error page (`renderError`): a request it refused, e.g. an unknown client or redirect address. */
export function errorPage(error) {
  return page(
    'Sign-in error',
    `<h1>This sign-in cannot go on</h1><p class="error">${escapeHtml(error.error ?? 'server_error')}: ${escapeHtml(
      error.error_description ?? '',
    )}</p>`,
  );
}
