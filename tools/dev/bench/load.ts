import autocannon from 'autocannon';

/**
 * One load run, in its own process so the load generator shares no event loop with either server.
 * Input (argv[2], JSON): { url, requests: {path, token, legacy?}[], headers, connections, duration }; the requests are
 * sent in turn, each with its own bearer token, and with `x-format-new: true` unless legacy. Prints the figures as JSON.
 */
const input = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  requests: { path: string; token: string; legacy?: boolean }[];
  headers: Record<string, string>;
  connections: number;
  duration: number;
};
const prepared = input.requests.map((r) => ({
  path: r.path,
  headers: {
    ...input.headers,
    ...(r.legacy ? {} : { 'x-format-new': 'true' }),
    authorization: `Bearer ${r.token}`,
  },
}));
let i = 0;
const result = await autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.duration,
  requests: [
    {
      setupRequest(req) {
        i = (i + 1) % prepared.length;
        const next = prepared[i]!;
        return { ...req, path: next.path, headers: next.headers };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
