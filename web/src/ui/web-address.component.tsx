/** Characters kept at the end of a long address: enough for the page's own name ("…/summer-sale/index.html"). */
const KEPT_END = 20;

/**
 * A web address as people read it: left to right in every language (an isolate, so right-to-left text around it
 * cannot move its slashes), and, when its box is too narrow, cut in the middle so both the site at the start and
 * the page at the end stay readable. The full address stays the element's text (and its tooltip).
 */
export function WebAddress({ url }: { url: string }) {
  const cut = url.length > KEPT_END * 2 ? url.length - KEPT_END : url.length;
  return (
    <bdi dir="ltr" title={url} className="flex min-w-0 max-w-full">
      <span className="truncate">{url.slice(0, cut)}</span>
      {cut < url.length && <span className="shrink-0 whitespace-pre">{url.slice(cut)}</span>}
    </bdi>
  );
}
