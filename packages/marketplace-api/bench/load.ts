import autocannon from 'autocannon';

/**
 * One load run, in its own process so the load generator does not share the server's event loop.
 * Input (argv[2], JSON): { url, paths: string[], headers, connections, duration }; prints autocannon's result.
 */
const input = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  duration: number;
};
let i = 0;
const result = await autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.duration,
  headers: input.headers,
  requests: [
    {
      setupRequest(req) {
        i = (i + 1) % input.paths.length;
        return { ...req, path: input.paths[i] };
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
    bytes: result.throughput.average,
  }),
);
