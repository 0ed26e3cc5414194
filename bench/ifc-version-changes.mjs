// The second half of `pnpm bench ifc`: version 2 of the bench model (the generator's known changes) uploaded into
// the same project, its upload → ready against version 1's, then the change set computed after "ready": how long
// it takes, the API's RSS growth meanwhile, and whether its counts are the generator's. Prints; asserts nothing.
import { readFileSync } from 'node:fs';

const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

async function waitFor(check, what, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function measureVersionChanges({ base, pid, token, projectId, file, manifestFile, first }) {
  const auth = { authorization: `Bearer ${token}` };
  const models = async () =>
    (await (await fetch(`${base}/api/ifc/projects/${projectId}/models`, { headers: auth })).json()).models;
  // version 1's post-publish work (wide set) first: version 2 is timed on an otherwise idle server, as version 1 was
  await waitFor(async () => {
    const res = await fetch(`${base}/api/ifc/odata/projects/${projectId}/IFCElementsWide/$count`, {
      headers: auth,
    });
    await res.arrayBuffer();
    return res.ok;
  }, 'version 1 wide set');

  const bytes = readFileSync(file);
  const form = new FormData();
  form.append('ifcFile', new Blob([bytes]), 'bench-model.ifc');
  const started = performance.now();
  const res = await fetch(`${base}/api/ifc/projects/${projectId}/models/${projectId}/versions?wait=true`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const body = await res.json();
  if (!body.success) throw new Error(`version 2 upload failed: ${JSON.stringify(body).slice(0, 300)}`);
  const readySeconds = (performance.now() - started) / 1000;

  // from "ready" until the change set is computed: RSS sampled every 100 ms
  const readyAt = performance.now();
  const rssAtReady = rssMb(pid);
  let rssPeak = rssAtReady;
  const version = await waitFor(async () => {
    rssPeak = Math.max(rssPeak, rssMb(pid));
    const latest = (await models())[0].versions[0];
    return latest.changes && latest.changes.status !== 'pending' ? latest : null;
  }, 'change set');
  const changeSeconds = (performance.now() - readyAt) / 1000;
  const changes = version.changes;
  if (changes.status !== 'ready') throw new Error(`change set ${changes.status}: ${changes.error}`);

  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  // per MB, since version 2's file is a little larger than version 1's (its cloned property sets)
  const perMb = (seconds, size) => seconds / (size / 1024 / 1024);
  const delay = perMb(readySeconds, bytes.length) / perMb(first.seconds, first.bytes) - 1;
  return {
    v2Mb: +(bytes.length / 1024 / 1024).toFixed(1),
    v2EndToEndSeconds: +readySeconds.toFixed(2),
    v2ReadyVsV1PerMbPercent: +(delay * 100).toFixed(1),
    v2ReadyDelayedOver5Percent: delay > 0.05,
    changeSetSecondsAfterReady: +changeSeconds.toFixed(2),
    changeSetApiRssGrowthMb: rssPeak - rssAtReady,
    changesAdded: changes.added,
    changesRemoved: changes.removed,
    changesModified: changes.modified,
    propertyValuesChanged: changes.propertyValuesChanged,
    changesMatchGenerator:
      changes.added === manifest.added &&
      changes.removed === manifest.removed &&
      changes.modified === manifest.modified &&
      changes.propertyValuesChanged === manifest.propertyValuesChanged,
  };
}
