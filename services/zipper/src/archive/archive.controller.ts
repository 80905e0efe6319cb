import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import {
  ARCHIVE_GRANTED_HEADER,
  ARCHIVE_PLAN_HEADER,
  downloadImagesRequestSchema,
  roleSchema,
} from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import type { Response } from 'express';
import { ArchiveService } from './archive.service';

/** A caller the gateway did not name (or named with a plan that does not exist) gets the smallest plan. */
const callerPlan = roleSchema.catch('free');
/** A crawl's granted images, as the gateway stated them; anything else states nothing. */
const grantedImages = (value: string | undefined) => (value && /^\d{1,6}$/.test(value) ? Number(value) : undefined);

@Controller('api')
export class ArchiveController {
  constructor(private readonly archives: ArchiveService) {}

  /** The seed's form post (`imageUrls` as JSON text, `sourceUrl`) or the same fields as JSON. */
  @Post('download-images')
  async downloadImages(
    @Body() body: unknown,
    @Headers(ARCHIVE_PLAN_HEADER) plan: string | undefined,
    @Headers(ARCHIVE_GRANTED_HEADER) granted: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.archives.send(
      parseWith(downloadImagesRequestSchema, body),
      callerPlan.parse(plan),
      res,
      grantedImages(granted),
    );
  }
}
