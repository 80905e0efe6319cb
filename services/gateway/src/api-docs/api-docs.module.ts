import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller';
import { apiDocsPage } from './api-docs.page';

/** The API's documentation: the OpenAPI document and a page to read it. */
@Module({ controllers: [ApiDocsController] })
export class ApiDocsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(apiDocsPage()).forRoutes('docs');
  }
}
