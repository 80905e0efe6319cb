import { DynamicModule, Global, Module } from '@nestjs/common';

/** Makes a service's validated config injectable everywhere under its token. */
@Global()
@Module({})
export class ServiceConfigModule {
  static forRoot(token: symbol, config: object): DynamicModule {
    return { module: ServiceConfigModule, providers: [{ provide: token, useValue: config }], exports: [token] };
  }
}
