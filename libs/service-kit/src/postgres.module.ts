import type { DynamicModule } from '@nestjs/common';
import type { DataSourceOptions } from 'typeorm';

/**
 * A service's own Postgres database: its entities, and its migrations run at start (each in its
 * own transaction), never `synchronize` — the schema only changes through reviewed migrations.
 */
export function postgresModule(
  url: string,
  entities: DataSourceOptions['entities'],
  migrations: DataSourceOptions['migrations'],
): DynamicModule {
  // Required on first use, not imported: services without a database (zipper, extractor) load this
  // kit too, and TypeORM alone costs them ~40 MB of resident memory.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
  const { TypeOrmModule } = require('@nestjs/typeorm') as typeof import('@nestjs/typeorm');
  return TypeOrmModule.forRoot({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
  });
}
