import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@pixtract/contracts';
import { BrowserModule } from '../browser/browser.module';
import { ExtractorConfig } from '../extractor.config';
import { BrowserVisitService } from './browser-visit.service';
import { CssBackgroundCollector } from './collectors/css-background.collector';
import { DocumentMetadataCollector } from './collectors/document-metadata.collector';
import { IMAGE_COLLECTORS, ImageCollector } from './collectors/image-collector.interface';
import { ImageLinkCollector } from './collectors/image-link.collector';
import { ImgCollector } from './collectors/img.collector';
import { InlineSvgCollector } from './collectors/inline-svg.collector';
import { JsonLdCollector } from './collectors/json-ld.collector';
import { LAZY_ATTRIBUTES, lazyAttributes } from './collectors/lazy-attributes';
import { LazyBackgroundCollector } from './collectors/lazy-background.collector';
import { MediaElementCollector } from './collectors/media-element.collector';
import { NetworkCollector } from './collectors/network.collector';
import { NoscriptCollector } from './collectors/noscript.collector';
import { PictureCollector } from './collectors/picture.collector';
import { SvgCollector } from './collectors/svg.collector';
import { extractionProcessor } from './extraction.processor';
import { ExtractionService } from './extraction.service';
import { ImageMeasurerService } from './image-measurer.service';
import { StaticPageService } from './static-page.service';

/** Every collector the extraction runs, one per family of image sources; a new family is one more entry here. */
export const COLLECTORS = [
  ImgCollector,
  PictureCollector,
  LazyBackgroundCollector,
  NoscriptCollector,
  CssBackgroundCollector,
  SvgCollector,
  InlineSvgCollector,
  MediaElementCollector,
  DocumentMetadataCollector,
  JsonLdCollector,
  ImageLinkCollector,
  NetworkCollector,
];

@Module({})
export class ExtractionModule {
  static forRoot(config: ExtractorConfig): DynamicModule {
    return {
      module: ExtractionModule,
      // Registering the queue is also what makes @nestjs/bullmq start the processor's worker.
      imports: [BullModule.registerQueue({ name: QueueName.Extraction }), BrowserModule],
      providers: [
        { provide: LAZY_ATTRIBUTES, useValue: lazyAttributes(config.EXTRACTOR_LAZY_ATTRIBUTES) },
        ...COLLECTORS,
        { provide: IMAGE_COLLECTORS, inject: COLLECTORS, useFactory: (...collectors: ImageCollector[]) => collectors },
        StaticPageService,
        BrowserVisitService,
        ImageMeasurerService,
        ExtractionService,
        extractionProcessor(config),
      ],
    };
  }
}
