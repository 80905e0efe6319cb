import { Controller, Get, Query } from '@nestjs/common';
import { ScreenshotBoxes, screenshotBoxesQuerySchema } from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import { ScreenshotService } from './screenshot.service';

@Controller('api')
export class ScreenshotBoxesController {
  constructor(private readonly screenshots: ScreenshotService) {}

  /** `?url=` a page: where its images sit in its cached screenshot. */
  @Get('screenshot-boxes')
  boxes(@Query() query: unknown): Promise<ScreenshotBoxes> {
    return this.screenshots.boxes(parseWith(screenshotBoxesQuerySchema, query).url);
  }
}
