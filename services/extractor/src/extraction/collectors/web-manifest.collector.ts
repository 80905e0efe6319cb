import { Injectable } from '@nestjs/common';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { parseLeniently } from './lenient-json.util';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

/** A hostile manifest may list any number of icons. */
const MAX_ICONS = 50;

/**
 * The icons of the page's web app manifest (192 and 512 px for an installable site: its largest icon), relative to
 * the manifest; its screenshots are pictures of the app, not of the page.
 */
@Injectable()
export class WebManifestCollector implements ImageCollector {
  readonly name = 'web-manifest';

  collect(snapshot: PageSnapshot): FoundImage[] {
    const manifest = snapshot.manifest;
    const link = manifest && snapshot.elements.find((element) => element.index === manifest.index);
    if (!manifest || !link) return [];
    const icons = (parseLeniently(manifest.text) as { icons?: unknown } | undefined)?.icons;
    if (!Array.isArray(icons)) return [];
    return icons
      .slice(0, MAX_ICONS)
      .flatMap((icon: { src?: unknown }) =>
        typeof icon?.src === 'string' ? sighting({ ...link, base: manifest.url }, icon.src, 'icon') : [],
      );
  }
}
