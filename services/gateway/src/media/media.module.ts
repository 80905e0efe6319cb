import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { DownloadProgressGateway } from '../progress/download-progress.gateway';
import { MediaController } from './media.controller';
import { ZipperForwarder } from './zipper-forwarder.service';

@Module({
  imports: [AccountModule],
  controllers: [MediaController],
  providers: [ZipperForwarder, DownloadProgressGateway],
})
export class MediaModule {}
