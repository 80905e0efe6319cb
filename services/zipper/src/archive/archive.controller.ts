import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import { ARCHIVE_PLAN_HEADER, downloadImagesRequestSchema, roleSchema } from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import type { Response } from 'express';
import { ArchiveService } from './archive.service';

/** A caller the gateway did not name (or named with a plan that does not exist) gets the smallest plan. */
const callerPlan = roleSchema.catch('free');

@Controller('api')
export class ArchiveController {
  constructor(private readonly archives: ArchiveService) {}

  /** The seed's form post (`imageUrls` as JSON text, `sourceUrl`) or the same fields as JSON. */
  @Post('download-images')
  async downloadImages(
    @Body() body: unknown,
    @Headers(ARCHIVE_PLAN_HEADER) plan: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.archives.send(parseWith(downloadImagesRequestSchema, body), callerPlan.parse(plan), res);
  }
}
