// Probes `/health` of <base> every 50 ms from its own process until the parent says `stop`, then sends back each
// answer's latency in ms. A probe in the bench's own process also timed the bench's event loop, which is busy sending
// a 100 MB upload at the same moment (the first probe of a run then read 0.2–0.9 s).
const base = process.argv[2];
const latencies = [];
let running = true;
process.on('message', (message) => {
  if (message === 'stop') running = false;
});
// One untimed request first: a fresh process's first `fetch` sets up its HTTP client (30–60 ms here), which the first
// sample counted as the server's latency — the largest sample of a short job's ~50, so its p99 (73–99.8 ms on the
// geometry-heavy model in two runs, where the server answered within 37 ms throughout).
await fetch(`${base}/health`)
  .then((r) => r.arrayBuffer())
  .catch(() => undefined);
while (running) {
  const t = performance.now();
  // a server gone away fails the bench's upload, which says so; the probe just stops
  const ok = await fetch(`${base}/health`)
    .then((r) => r.arrayBuffer())
    .then(
      () => true,
      () => false,
    );
  if (!ok) break;
  latencies.push(performance.now() - t);
  await new Promise((r) => setTimeout(r, 50));
}
process.send(latencies, () => process.disconnect());
