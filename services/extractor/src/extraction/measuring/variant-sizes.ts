import type { ExtractedFile, ImageVariant } from '@pixtract/contracts';
import type { SafeFetchPolicy } from '@pixtract/safe-fetch';
import { probeImage } from './image-probe.util';

/** How many renditions one extraction reads the header of, how many at once, and for how long at most. */
export const VARIANT_PROBE_LIMITS = { maxProbes: 300, parallel: 6, timeMs: 3_000 };

/**
 * Every rendition's own size, read from its header (a Range probe of a few KB through the SSRF-safe path) rather
 * than taken from a srcset's `w` and the declaring file's ratio or from the size its address names: those are
 * guesses, wrong whenever the rendition is cropped differently. A rendition whose header cannot be read within
 * the limits keeps the size it had.
 */
export async function withVariantSizes(
  files: ExtractedFile[],
  policy: SafeFetchPolicy,
  limits = VARIANT_PROBE_LIMITS,
): Promise<ExtractedFile[]> {
  const urls = [...new Set(files.flatMap((file) => (file.variants ?? []).map((variant) => variant.fileUrl)))].filter(
    (url) => /^https?:/i.test(url),
  );
  const queue = urls.slice(0, limits.maxProbes);
  const sizes = new Map<string, { width: number; height: number }>();
  const signal = AbortSignal.timeout(limits.timeMs);
  const probeNext = async (): Promise<void> => {
    for (let url = queue.shift(); url !== undefined && !signal.aborted; url = queue.shift()) {
      const header = (await probeImage(url, policy, signal).catch(() => undefined))?.header;
      if (header?.width && header.height) sizes.set(url, { width: header.width, height: header.height });
    }
  };
  await Promise.all(Array.from({ length: limits.parallel }, probeNext));
  const sized = (variant: ImageVariant): ImageVariant => ({ ...variant, ...sizes.get(variant.fileUrl) });
  return files.map((file) => (file.variants ? { ...file, variants: file.variants.map(sized) } : file));
}
