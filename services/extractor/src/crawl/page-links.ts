import { type CrawlLink, type CrawlScope, normaliseCrawlUrl } from '@pixtract/contracts';
import { extensionOf, IMAGE_EXTENSIONS, resolveImageUrl } from '../extraction/image-url.util';
import type { ElementRecord, PageSnapshot } from '../extraction/snapshot/page-snapshot';
import { isFollowingPage, saysNext } from './next-page.util';
import { sameSite } from './site.util';

export interface PageLinks {
  /** Same-site page addresses the scope follows from this page, normalised, each once, in page order. */
  links: CrawlLink[];
  /** `<link rel=canonical>` when it names another same-site address. */
  canonicalUrl?: string;
  /** Thumbnails linking to a same-site page that is no image file: the image and the page. */
  photoLinks: Array<{ imageUrl: string; pageUrl: string }>;
}

const rels = (element: ElementRecord): string[] => (element.attrs.rel ?? '').toLowerCase().split(/\s+/);

/** A link that leaves the page for no page of its own: a download, a `nofollow` is still a page and is kept. */
function pageAddressOf(element: ElementRecord, site: string): string | undefined {
  const href = element.attrs.href;
  if (!href || 'download' in element.attrs) return undefined;
  const url = normaliseCrawlUrl(href, element.base);
  if (!url || !sameSite(url, site)) return undefined;
  // An address of an image file is a picture (the image-link collector takes it), not a page.
  if (IMAGE_EXTENSIONS.has(extensionOf(url) ?? '')) return undefined;
  return url;
}

/**
 * What a crawl page leads to, by scope: `links` and `site` every same-site link; `gallery` only its next page
 * (rel=next, a link saying Next in any of the nine languages or as an arrow, or the `?page=N` / `/page/N/` pattern's
 * following number); `list` nothing. The page's own address is never among them.
 */
export function pageLinks(snapshot: PageSnapshot, pageUrl: string, scope: CrawlScope): PageLinks {
  const here = normaliseCrawlUrl(pageUrl) ?? pageUrl;
  const site = here;
  const found = new Map<string, CrawlLink>();
  const add = (url: string, via: CrawlLink['via']) => {
    if (url !== here && !found.has(url)) found.set(url, { url, via });
  };
  let canonicalUrl: string | undefined;
  const photoLinks: PageLinks['photoLinks'] = [];
  const anchors = new Map<number, string>();

  for (const element of snapshot.elements) {
    if (element.scope === 'iframe') continue;
    if (element.tag === 'link') {
      const url = pageAddressOf(element, site);
      if (url && rels(element).includes('canonical') && !canonicalUrl) canonicalUrl = url;
      if (url && rels(element).includes('next') && scope !== 'list') add(url, 'next');
      continue;
    }
    if (element.tag !== 'a' && element.tag !== 'area') continue;
    const url = pageAddressOf(element, site);
    if (!url) continue;
    anchors.set(element.index, url);
    if (scope === 'links' || scope === 'site') add(url, 'link');
    else if (scope === 'gallery' && isNextLink(element, here, url)) add(url, 'next');
  }

  if (scope === 'links' || scope === 'site') {
    for (const element of snapshot.elements) {
      const pageUrl = element.link === undefined ? undefined : anchors.get(element.link);
      const raw = element.currentSrc || element.attrs.src;
      const imageUrl = pageUrl && raw ? resolveImageUrl(raw, element.base) : undefined;
      if (pageUrl && imageUrl && pageUrl !== here) photoLinks.push({ imageUrl, pageUrl });
    }
  }
  return { links: [...found.values()], ...(canonicalUrl && canonicalUrl !== here && { canonicalUrl }), photoLinks };
}

function isNextLink(element: ElementRecord, here: string, url: string): boolean {
  return (
    rels(element).includes('next') ||
    saysNext(element.label) ||
    saysNext(element.attrs['aria-label']) ||
    saysNext(element.attrs.title) ||
    isFollowingPage(here, url)
  );
}
