/** The protected API both servers of the OpenID Connect bench issue JWT access tokens for. */
export const BENCH_API = { identifier: 'https://api.bench.test', scope: 'read' } as const;
