import { Body, Controller, Post, Res } from '@nestjs/common';
import { downloadImagesRequestSchema } from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import type { Response } from 'express';
import { ArchiveService } from './archive.service';

@Controller('api')
export class ArchiveController {
  constructor(private readonly archives: ArchiveService) {}

  /** The seed's form post (`imageUrls` as JSON text, `sourceUrl`) or the same fields as JSON. */
  @Post('download-images')
  async downloadImages(@Body() body: unknown, @Res() res: Response): Promise<void> {
    await this.archives.send(parseWith(downloadImagesRequestSchema, body), res);
  }
}
