export { startGuardProxy, type GuardProxy } from './guard-proxy.server';
export { safeFetch } from './safe-fetch.client';
export { SafeFetchError } from './safe-fetch.error';
export {
  safeFetchPolicy,
  type Dialer,
  type HostGate,
  type ResolvedAddress,
  type Resolver,
  type SafeFetchPolicy,
} from './safe-fetch.policy';
export { checkUrl, checkUrlSyntax } from './url-check.util';
