/**
 * The load generator of load.ts, in its own process so it does not share the
 * server's event loop: autocannon with the JSON config in argv[2], prints one JSON result line.
 */
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';

interface ClientConfig {
  url: string;
  connections: number;
  duration: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Request bodies, taken in turn. */
  bodies: string[];
}

const config = JSON.parse(process.argv[2]!) as ClientConfig;
let next = 0;
const result = await autocannon({
  url: config.url,
  connections: config.connections,
  duration: config.duration,
  requests: [
    {
      method: config.method,
      headers: config.headers,
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        body: config.bodies.length ? config.bodies[next++ % config.bodies.length] : undefined,
      }),
    },
  ],
});
console.log(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }),
);
