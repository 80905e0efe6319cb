import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { CrawlModule } from '../crawl/crawl.module';
import { DownloadProgressGateway } from '../progress/download-progress.gateway';
import { MediaController } from './media.controller';
import { ZipperForwarder } from './zipper-forwarder.service';

@Module({
  imports: [AccountModule, CrawlModule],
  controllers: [MediaController],
  providers: [ZipperForwarder, DownloadProgressGateway],
})
export class MediaModule {}
