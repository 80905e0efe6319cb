import type { Page } from 'playwright-core';
import { ORIGINAL_SRC_ATTRIBUTE } from '../snapshot/page-snapshot';

/**
 * Runs in the page: lazy images load now (eager loading, lazy attributes copied to the real ones). An <img>'s own
 * src is kept aside under `keepSrcAs` first; a Shopify `{width}` template gets its widest `data-widths` entry.
 */
function forceLazyImages({
  lazy,
  keepSrcAs,
}: {
  lazy: { src: string[]; srcset: string[] };
  keepSrcAs: string;
}): number {
  let forced = 0;
  // withTemplateWidth (img.collector) in page form: a function run in the page cannot import.
  const filled = (value: string | null | undefined, widths: string | null) => {
    const widest = Math.max(...(widths?.match(/\d+/g) ?? []).map(Number));
    const result = value?.includes('{width}')
      ? Number.isFinite(widest)
        ? value.split('{width}').join(String(widest))
        : undefined
      : value;
    // Another template (BigCommerce's `{:size}`) is the page script's to fill: forcing it would break the picture.
    if (!result || /\{[^{}]*\}/.test(result)) return undefined;
    // bLazy's retina pair (`small.jpg|large.jpg`, img.collector's retinaPair): the larger is loaded.
    const pair = result.split('|').map((part) => part.trim());
    return pair.length === 2 && pair[0] && pair[1] ? pair[1] : result;
  };
  for (const img of Array.from(document.querySelectorAll('img, source'))) {
    if (img instanceof HTMLImageElement && img.loading === 'lazy') {
      img.loading = 'eager';
      forced += 1;
    }
    const src = filled(
      lazy.src.map((name) => img.getAttribute(name)).find((value) => value && value.trim()),
      img.getAttribute('data-widths'),
    );
    const srcset = lazy.srcset.map((name) => img.getAttribute(name)).find((value) => value && value.trim());
    if (srcset && img.getAttribute('srcset') !== srcset) {
      img.setAttribute('srcset', srcset);
      forced += 1;
    }
    if (src && img instanceof HTMLImageElement && img.getAttribute('src') !== src) {
      if (!img.hasAttribute(keepSrcAs)) img.setAttribute(keepSrcAs, img.getAttribute('src') ?? '');
      img.setAttribute('src', src);
      forced += 1;
    }
  }
  return forced;
}

export async function forceLazyLoading(page: Page, lazy: { src: string[]; srcset: string[] }): Promise<number> {
  return page.evaluate(forceLazyImages, { lazy, keepSrcAs: ORIGINAL_SRC_ATTRIBUTE });
}
