/**
 * A crawled page as lists and filters name it: host, path and query without the scheme ("example.com/page/2"; a
 * site's home page is just "example.com"), short enough for a menu and still telling two sites' pages apart. An
 * address that does not parse is shown as it is.
 */
export function pageLabel(pageUrl: string): string {
  try {
    const { host, pathname, search } = new URL(pageUrl);
    return pathname === '/' && !search ? host : `${host}${pathname}${search}`;
  } catch {
    return pageUrl;
  }
}
