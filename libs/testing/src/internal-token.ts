/**
 * The secret the services of one test share (INTERNAL_TOKEN), and the header a test sends when it calls a service
 * behind the gateway as the gateway does.
 */
export const TEST_INTERNAL_TOKEN = 'pixtract-tests-internal-token-00000000000000';
export const AS_GATEWAY = { 'x-pixtract-internal-token': TEST_INTERNAL_TOKEN } as const;
