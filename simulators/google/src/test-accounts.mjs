// The simulator's Google accounts: whoever the tester says they are. An address always has the same subject (as a
// Google account keeps its id), so signing in again as the same address finds the same linked account.
import { createHash } from 'node:crypto';

/** A Google-shaped subject (21 digits), the same for an address whatever its letter case. */
export function subjectOf(email) {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest();
  return `1${digest.readBigUInt64BE(0).toString().padStart(20, '0')}`;
}

/** A plausible address: something@host.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The accounts signed in with so far (newest first on the sign-in page) and their claims. */
export class TestAccounts {
  #bySubject = new Map();

  /**
   * The account for `email` under `name` (the part before the @ when blank); undefined for an address that is not
   * one. Names and addresses are kept as typed.
   */
  signIn(email, name) {
    const address = String(email ?? '').trim();
    if (!EMAIL.test(address) || address.length > 254) return undefined;
    const account = {
      sub: subjectOf(address),
      email: address,
      name:
        String(name ?? '')
          .trim()
          .slice(0, 100) || address.split('@')[0],
    };
    this.#bySubject.delete(account.sub);
    this.#bySubject.set(account.sub, account);
    return account;
  }

  /** The claims Google gives a relying party: Google verifies its own addresses, and so does the simulator. */
  claimsOf(sub) {
    const account = this.#bySubject.get(sub);
    return account && { sub, email: account.email, email_verified: true, name: account.name };
  }

  recent() {
    return [...this.#bySubject.values()].reverse();
  }
}
