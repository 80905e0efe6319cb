import { Module } from '@nestjs/common';
import { EXTRACTOR_CONFIG, ExtractorConfig } from '../../extractor.config';
import { CssBackgroundCollector } from './css-background.collector';
import { DocumentMetadataCollector } from './document-metadata.collector';
import { IMAGE_COLLECTORS, ImageCollector } from './image-collector.interface';
import { ImageLinkCollector } from './image-link.collector';
import { ImgCollector } from './img.collector';
import { InlineSvgCollector } from './inline-svg.collector';
import { JsonLdCollector } from './json-ld.collector';
import { LAZY_ATTRIBUTES, lazyAttributes } from './lazy-attributes';
import { LazyBackgroundCollector } from './lazy-background.collector';
import { MagentoGalleryCollector } from './magento-gallery.collector';
import { MediaElementCollector } from './media-element.collector';
import { NetworkCollector } from './network.collector';
import { NoscriptCollector } from './noscript.collector';
import { PictureCollector } from './picture.collector';
import { SvgCollector } from './svg.collector';
import { WebManifestCollector } from './web-manifest.collector';

/** Every collector the extraction runs, one per family of image sources; a new family is one more entry here. */
const COLLECTORS = [
  ImgCollector,
  PictureCollector,
  LazyBackgroundCollector,
  NoscriptCollector,
  CssBackgroundCollector,
  SvgCollector,
  InlineSvgCollector,
  MediaElementCollector,
  DocumentMetadataCollector,
  WebManifestCollector,
  JsonLdCollector,
  ImageLinkCollector,
  MagentoGalleryCollector,
  NetworkCollector,
];

/** The rules that find images in a page snapshot: the extraction's, and the screenshot's map of image boxes. */
@Module({
  providers: [
    {
      provide: LAZY_ATTRIBUTES,
      inject: [EXTRACTOR_CONFIG],
      useFactory: (config: ExtractorConfig) => lazyAttributes(config.EXTRACTOR_LAZY_ATTRIBUTES),
    },
    ...COLLECTORS,
    { provide: IMAGE_COLLECTORS, inject: COLLECTORS, useFactory: (...collectors: ImageCollector[]) => collectors },
  ],
  exports: [LAZY_ATTRIBUTES, IMAGE_COLLECTORS],
})
export class CollectorsModule {}
