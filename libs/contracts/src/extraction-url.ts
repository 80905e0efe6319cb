import { ErrorCode } from './errors';

export const MAX_URL_LENGTH = 2048;

type UrlCheck = { ok: true; url: string } | { ok: false; code: ErrorCode };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Dot-separated labels (the URL parser has already lowercased and punycoded the host), optionally a trailing dot. */
const DOTTED_HOST = /^[a-z0-9_-]+(\.[a-z0-9_-]+)+\.?$/;

/**
 * A host a web page can live on: a name with a dot, localhost, or an IP literal (the parser writes IPv4 in dotted
 * form, IPv6 in brackets). "foo" or "ht!tp" parse as URLs but name no site.
 */
const isSiteHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.startsWith('[') || DOTTED_HOST.test(hostname);

/**
 * The seed's normalisation: trim, prepend https:// unless the text starts with http:// or https://.
 * Anything else that names a scheme (ftp:, file:, javascript:) is refused rather than turned into
 * "https://ftp:..." — a host:port like "example.com:8080" is not a scheme and gets https:// as usual.
 */
export function normaliseExtractionUrl(input: string): UrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, code: ErrorCode.UrlRequired };
  if (text.length > MAX_URL_LENGTH) return { ok: false, code: ErrorCode.UrlTooLong };
  const hasWebScheme = /^https?:\/\//i.test(text);
  if (!hasWebScheme && SCHEME.test(text) && !/^[^:/]+:\d+(\/|$)/.test(text)) {
    return { ok: false, code: ErrorCode.UnsupportedScheme };
  }
  const candidate = hasWebScheme ? text : `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return { ok: false, code: ErrorCode.InvalidUrl };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, code: ErrorCode.UnsupportedScheme };
  if (!isSiteHost(parsed.hostname) || /\s/.test(text)) return { ok: false, code: ErrorCode.InvalidUrl };
  if (parsed.username || parsed.password) return { ok: false, code: ErrorCode.CredentialsInUrl };
  if (parsed.href.length > MAX_URL_LENGTH) return { ok: false, code: ErrorCode.UrlTooLong };
  return { ok: true, url: parsed.href };
}
