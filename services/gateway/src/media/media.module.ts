import { Module } from '@nestjs/common';
import { MediaController } from './media.controller';
import { ZipperForwarder } from './zipper-forwarder.service';

@Module({ controllers: [MediaController], providers: [ZipperForwarder] })
export class MediaModule {}
