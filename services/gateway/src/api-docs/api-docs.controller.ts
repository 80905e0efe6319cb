import { Controller, Get } from '@nestjs/common';
import { openApiDocument } from '@pixtract/contracts/openapi';

/** GET /api/openapi.json: the public API's OpenAPI 3.1 document, generated once from the zod contracts. */
@Controller()
export class ApiDocsController {
  private readonly document = openApiDocument();

  @Get('openapi.json')
  openApi(): ReturnType<typeof openApiDocument> {
    return this.document;
  }
}
