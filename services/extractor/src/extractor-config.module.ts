import { DynamicModule, Global, Module } from '@nestjs/common';
import { EXTRACTOR_CONFIG, ExtractorConfig, fetchPolicy, SAFE_FETCH_POLICY } from './extractor.config';

/** The validated config and the SSRF policy derived from it, for every module of the worker. */
@Global()
@Module({})
export class ExtractorConfigModule {
  static forRoot(config: ExtractorConfig): DynamicModule {
    return {
      module: ExtractorConfigModule,
      providers: [
        { provide: EXTRACTOR_CONFIG, useValue: config },
        { provide: SAFE_FETCH_POLICY, useValue: fetchPolicy(config) },
      ],
      exports: [EXTRACTOR_CONFIG, SAFE_FETCH_POLICY],
    };
  }
}
