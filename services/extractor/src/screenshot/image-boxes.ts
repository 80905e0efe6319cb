import { ImageBox, MAX_SCREENSHOT_BOXES } from '@pixtract/contracts';
import type { FoundImage } from '../extraction/collectors/image-collector.interface';
import { roundedBox } from '../extraction/catalogue/image-catalogue';

/**
 * Where each image sits in a screenshot `capturedHeight` tall, by URL: the image's own URL and every candidate
 * of its srcset, so the extraction's choice (the largest candidate, or what the static path read) finds it. The
 * first sighting on the page wins; images without a box (meta tags, links) or below the cut have none.
 */
export function imageBoxes(found: FoundImage[], capturedHeight: number): Record<string, ImageBox> {
  const boxes: Record<string, ImageBox> = {};
  let count = 0;
  for (const image of [...found].sort((a, b) => a.domIndex - b.domIndex)) {
    const { box } = image;
    if (!box || box.y >= capturedHeight) continue;
    for (const url of [image.url, ...(image.variants ?? [])]) {
      if (url.startsWith('data:') || url in boxes) continue;
      if (count++ >= MAX_SCREENSHOT_BOXES) return boxes;
      boxes[url] = roundedBox(box);
    }
  }
  return boxes;
}
