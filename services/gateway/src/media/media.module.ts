import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { MediaController } from './media.controller';
import { ZipperForwarder } from './zipper-forwarder.service';

@Module({ imports: [AccountModule], controllers: [MediaController], providers: [ZipperForwarder] })
export class MediaModule {}
