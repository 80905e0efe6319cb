import { Inject, Injectable } from '@nestjs/common';
import { isDecodedType } from '../image-address/decoded-types';
import { mediaApplies } from '../snapshot/media-query';
import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, firstAttribute, ImageCollector, sighting } from './image-collector.interface';
import { imgSighting } from './img.collector';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';
import { candidateWidths, largestCandidate, parseSrcset } from './srcset.util';

/**
 * `<picture>`: its sources (avif/webp alternatives, art direction) and its <img> are one picture. The file the
 * browser shows on the rendered screen (the first source whose media applies and whose type it decodes, else the
 * <img>) is the image, at its largest candidate; every other source and the <img> are found too, as its
 * renditions (flagged repeats, so Show Duplicates lists them). `<source src>` of video/audio is not an image.
 */
@Injectable()
export class PictureCollector implements ImageCollector {
  readonly name = 'picture';

  constructor(@Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    const pictures = new Map<number, ElementRecord[]>();
    for (const element of snapshot.elements) {
      if (element.picture === undefined) continue;
      const members = pictures.get(element.picture) ?? [];
      members.push(element);
      pictures.set(element.picture, members);
    }
    const loose = snapshot.elements
      .filter((element) => element.tag === 'source' && element.picture === undefined)
      .flatMap((source) => this.sourceSighting(source));
    return [...loose, ...[...pictures.values()].flatMap((members) => this.pictureSightings(members))];
  }

  private pictureSightings(members: ElementRecord[]): FoundImage[] {
    const sightings = members.map((member) => ({
      member,
      image: member.tag === 'img' ? imgSighting(member, this.lazy)[0] : this.sourceSighting(member)[0],
    }));
    const shown =
      sightings.find(
        ({ member, image }) =>
          image &&
          member.tag === 'source' &&
          mediaApplies(member.attrs.media ?? '') &&
          isDecodedType(member.attrs.type),
      ) ?? sightings.find(({ member, image }) => image && !image.standIn && member.tag === 'img');
    // The <img> carries the picture's alt and its place on the page: the file shown is listed with them.
    const img = sightings.find(({ member, image }) => image && member.tag === 'img')?.image;
    return sightings.flatMap(({ image }) => {
      if (!image) return [];
      if (image === shown?.image && img && image !== img)
        return [{ ...image, ...(img.alt !== undefined && { alt: img.alt }), ...(img.box && { box: img.box }) }];
      if (!shown?.image || image === shown.image || image.standIn) return [image];
      return [{ ...image, renditionOf: shown.image.url }];
    });
  }

  private sourceSighting(source: ElementRecord): FoundImage[] {
    const candidates = parseSrcset(firstAttribute(source, [...this.lazy.srcset, 'srcset']) ?? '');
    const largest = largestCandidate(candidates);
    if (!largest) return [];
    return sighting(source, largest.url, 'picture', {
      variants: candidates.filter((candidate) => candidate !== largest).map((candidate) => candidate.url),
      candidateWidths: candidateWidths(candidates),
    });
  }
}
