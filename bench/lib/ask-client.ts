/**
 * The benches' client of the app (lib/app.ts), in its own process so its CPU (HTTP client, JSON
 * parsing) is not on the server's thread and not in the server's timings: one request per stdin line
 * (`{ url, headers, body }`), answered on stdout as `{ ms, status, body }`, in order. `ms` runs
 * from sending the request to the last byte of the response, over one kept-alive connection.
 */
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';

interface Ask {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function send(ask: Ask): Promise<{ ms: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = request(ask.url, { method: 'POST', headers: ask.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - t,
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(ask.body);
  });
}

// One at a time, in arrival order: the parent waits for each answer before the next line.
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const reply = await send(JSON.parse(line) as Ask).catch((err: Error) => ({
    ms: 0,
    status: 0,
    body: JSON.stringify({ error: err.message }),
  }));
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
