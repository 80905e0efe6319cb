/** Query parameters that name a visit, not a page: tracking tags and session ids. */
const VISIT_PARAMETERS =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_[a-z]+|_ga|_gl|yclid|igshid|jsessionid|phpsessid|sid|sessionid|session_id|aspsessionid\w*|cfid|cftoken)$/i;
/** A session id carried in the path (`;jsessionid=…`). */
const PATH_SESSION = /;(jsessionid|phpsessid|sid|sessionid)=[^/?]*/gi;

/**
 * The one address a crawl keeps for a page, so no page is read twice: resolved against `base`, http(s) only, no
 * user or password, fragment dropped, host lower case and default port dropped (by URL), tracking and session
 * parameters removed and the others in one order. Null for anything that is no web page address.
 */
export function normaliseCrawlUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname)
    return null;
  url.hash = '';
  url.pathname = url.pathname.replace(PATH_SESSION, '');
  const kept = [...url.searchParams].filter(([name]) => !VISIT_PARAMETERS.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = kept.length > 0 ? new URLSearchParams(kept).toString() : '';
  return url.href;
}

/** A path segment that is an id rather than a name: long, with digits, of id characters (a session, a hash). */
const ID_SEGMENT = /^(?=.*\d)[A-Za-z0-9_-]{16,}$/;

/**
 * The pattern of an address, for the trap cap: host, path with numbers and ids as placeholders, and the query's
 * parameter names without values. A calendar (`/events/2031/4`), sort permutations (`?sort=…&dir=…`) and session
 * ids in the path each make endless addresses of one pattern.
 */
export function crawlPathPattern(address: string): string {
  const url = new URL(address);
  const path = url.pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? '{id}' : segment.replace(/\d+/g, '{n}')))
    .join('/');
  const names = [...new Set([...url.searchParams.keys()])].sort();
  return `${url.host}${path}${names.length > 0 ? `?${names.join('&')}` : ''}`;
}
