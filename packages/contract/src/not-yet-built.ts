/**
 * Contract endpoints the server does not route yet, each with the issue that builds it. A test
 * (apps/server/test/contract-coverage.test.ts) fails when an endpoint is neither routed nor here,
 * and when one listed here is routed: building an endpoint means removing its line.
 * Keys are `METHOD path` exactly as the endpoint declares them.
 */
export const NOT_YET_BUILT: Readonly<Record<string, string>> = {
  // Face search, and hiding one's face from other participants' albums.
  // Support, sharing, metrics, impersonation.
};
