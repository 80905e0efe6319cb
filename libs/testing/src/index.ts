export * from './png';
export * from './fixture-server';
export * from './test-database';
export * from './base-url';
