// One autocannon run in a process of its own (bench/hotPath.ts), so the load generator does
// not share an event loop with the server it measures. Argument: JSON options; `keys` (optional)
// gives each connection its own x-api-key, round robin. Prints one JSON line.
import autocannon from 'autocannon';

const { keys, ...opts } = JSON.parse(process.argv[2]);
let next = 0;
const r = await autocannon({
  ...opts,
  ...(keys
    ? { setupClient: (client) => client.setHeaders({ ...opts.headers, 'x-api-key': keys[next++ % keys.length] }) }
    : {}),
});
console.log(
  JSON.stringify({
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors + r.timeouts,
    total: r.requests.total,
  }),
);
