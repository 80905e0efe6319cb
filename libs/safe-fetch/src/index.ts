export { isBlockedAddress } from './blocked-address.util';
export { startGuardProxy, type GuardProxy, type GuardProxyEvent } from './guard-proxy.server';
export { safeFetch, type SafeFetchOptions, type SafeResponse } from './safe-fetch.client';
export { SafeFetchError, type SafeFetchErrorCode } from './safe-fetch.error';
export { policyFromEnv, type Dialer, type ResolvedAddress, type Resolver, type SafeFetchPolicy } from './safe-fetch.policy';
export { checkUrl, checkUrlSyntax, resolveAndCheck } from './url-check.util';
