import { safeFetch, SafeFetchPolicy } from '@pixtract/safe-fetch';
import { resolveImageUrl } from '../image-address/image-url.util';
import { readCapped } from './read-capped.util';
import type { PageSnapshot, WebManifestRecord } from '../snapshot/page-snapshot';

/** Real manifests are a few kilobytes. */
const MAX_MANIFEST_BYTES = 256 * 1024;

/**
 * The manifest a page links (`<link rel=manifest>`), read through the SSRF-safe path; undefined when the page links
 * none or it cannot be read (a manifest is a bonus: its failure is no error of the extraction).
 */
export async function readWebManifest(
  snapshot: PageSnapshot,
  policy: SafeFetchPolicy,
  signal: AbortSignal,
): Promise<WebManifestRecord | undefined> {
  const link = snapshot.elements.find(
    (element) =>
      element.tag === 'link' && /(^|\s)manifest(\s|$)/i.test(element.attrs.rel ?? '') && element.attrs.href?.trim(),
  );
  const url = link && resolveImageUrl(link.attrs.href, link.base);
  if (!link || !url) return undefined;
  try {
    const response = await safeFetch(url, {
      policy,
      signal,
      headers: { accept: 'application/manifest+json,application/json;q=0.9,*/*;q=0.1' },
    });
    if (response.status >= 400) {
      response.body.destroy();
      return undefined;
    }
    return {
      url: response.url,
      text: (await readCapped(response.body, MAX_MANIFEST_BYTES)).toString('utf8'),
      index: link.index,
    };
  } catch {
    return undefined;
  }
}
