import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@pixtract/contracts';
import type { SafeFetchPolicy } from '@pixtract/safe-fetch';
import { ArchiveController } from './archive/archive.controller';
import { ArchiveMetrics } from './archive/archive.metrics';
import { ArchiveProgressPublisher } from './archive/archive-progress.publisher';
import { ArchiveService } from './archive/archive.service';
import { safeFetchPolicyProvider } from './fetching/fetch-policy.provider';
import { RemoteImageFetcher } from './fetching/remote-image.fetcher';
import { ImageProxyController } from './proxy/image-proxy.controller';
import { ImageProxyService } from './proxy/image-proxy.service';
import { ScreenshotBoxesController } from './screenshot/screenshot-boxes.controller';
import { ScreenshotQueue } from './screenshot/screenshot.queue';
import { ScreenshotService } from './screenshot/screenshot.service';

/** Everything the zipper fetches from the outside: the image proxy, screenshots and archives. */
@Module({})
export class MediaModule {
  static register(policyOverrides?: Partial<SafeFetchPolicy>): DynamicModule {
    return {
      module: MediaModule,
      imports: [BullModule.registerQueue({ name: QueueName.Screenshot })],
      controllers: [ImageProxyController, ScreenshotBoxesController, ArchiveController],
      providers: [
        safeFetchPolicyProvider(policyOverrides),
        RemoteImageFetcher,
        ImageProxyService,
        ArchiveService,
        ArchiveMetrics,
        ArchiveProgressPublisher,
        ScreenshotQueue,
        ScreenshotService,
      ],
    };
  }
}
