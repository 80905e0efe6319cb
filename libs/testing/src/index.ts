export * from './png';
export * from './fixture-server';
export * from './test-database';
export * from './base-url';
export * from './free-port';
export * from './cookie-jar';
export * from './chromium';
export * from './metrics';
