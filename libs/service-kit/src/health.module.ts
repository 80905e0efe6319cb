import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { HealthController } from './health.controller';
import { READINESS_CHECKS, ReadinessCheck } from './readiness';

/** GET /health and GET /ready, with the readiness checks a service builds from its own connections. */
@Module({})
export class HealthModule {
  static register(options: {
    imports?: ModuleMetadata['imports'];
    inject?: unknown[];
    useFactory: (...deps: never[]) => ReadinessCheck[];
  }): DynamicModule {
    return {
      module: HealthModule,
      imports: options.imports,
      controllers: [HealthController],
      providers: [{ provide: READINESS_CHECKS, inject: options.inject as never[], useFactory: options.useFactory }],
    };
  }
}
