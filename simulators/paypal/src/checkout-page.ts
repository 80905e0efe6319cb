import { escapeHtml } from './http';

interface CheckoutPage {
  title: string;
  /** Lines describing what the buyer agrees to (plan, price, amount). */
  lines: string[];
  /** Where Approve and Cancel post (the form carries `decision`). */
  action: string;
  hidden: Record<string, string>;
}

/**
 * The buyer's page on "PayPal": what is being bought, then Approve or Cancel. It says plainly that no money moves,
 * so nobody mistakes the simulator for PayPal.
 */
export function checkoutPage({ title, lines, action, hidden }: CheckoutPage): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – PayPal simulator</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f5f7fa; color: #1a1a1a; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 4px 24px #0002; }
  .brand { font: italic 700 1.75rem Verdana, sans-serif; color: #003087; margin: 0 }
  .brand span { color: #009cde }
  .test { display: inline-block; margin: .75rem 0; padding: .25rem .6rem; border-radius: 999px; background: #fff4ce; color: #7a5a00; font-size: .8rem; font-weight: 600 }
  h1 { font-size: 1.2rem }
  li { margin: .3rem 0 }
  .buttons { display: flex; gap: .75rem; margin-top: 1.5rem }
  button { flex: 1; height: 2.75rem; border-radius: 999px; font-size: 1rem; font-weight: 600; cursor: pointer }
  .approve { background: #0070ba; color: #fff; border: 0 }
  .cancel { background: #fff; color: #0070ba; border: 2px solid #0070ba }
</style>
</head>
<body>
<main>
  <p class="brand">Pay<span>Pal</span></p>
  <p class="test">Simulator – test payments, no money moves</p>
  <h1>${escapeHtml(title)}</h1>
  <ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
  <p>Signed in as the simulator's test buyer.</p>
  <form method="post" action="${escapeHtml(action)}" class="buttons">
    ${fields}
    <button class="cancel" name="decision" value="cancel">Cancel</button>
    <button class="approve" name="decision" value="approve">Approve</button>
  </form>
</main>
</body>
</html>`;
}

/** After a decision in the SDK's popup: tell the page that opened it, then close. */
export function popupResultPage(message: { type: 'approve' | 'cancel'; orderID: string; payerID?: string }): string {
  const payload = JSON.stringify({ source: 'paypal-simulator', ...message }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal simulator</title></head>
<body><p>${message.type === 'approve' ? 'Payment approved.' : 'Payment cancelled.'} You can close this window.</p>
<script>if (window.opener) window.opener.postMessage(${payload}, '*'); window.close();</script>
</body></html>`;
}
