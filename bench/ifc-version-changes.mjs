// The second half of `pnpm bench ifc`: version 2 of the bench model (the generator's known changes) uploaded into
// the same project, its upload → ready against version 1's, then the change set computed after "ready": how long
// it takes, the API's RSS growth meanwhile, and whether its counts are the generator's; then a second pair (version
// 1 in a new project, version 2 into it), and the delay per MB over both pairs. Prints; asserts nothing.
import { readFileSync, statSync } from 'node:fs';
import { serverIdle, uploadFile } from './bench-utils.mjs';

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

/** Uploads `file` (multipart, ?wait=true) to `url`; resolves to the answer and the seconds until it came. */
async function timedUpload(url, auth, file) {
  const started = performance.now();
  const { body } = await uploadFile(url, auth, file, 'bench-model.ifc');
  if (!body.success) throw new Error(`upload to ${url} failed: ${JSON.stringify(body).slice(0, 300)}`);
  return { body, seconds: (performance.now() - started) / 1000 };
}

export async function measureVersionChanges({ base, pid, token, projectId, file, manifestFile, first }) {
  const auth = { authorization: `Bearer ${token}` };
  const models = async (project) =>
    (await (await fetch(`${base}/api/ifc/projects/${project}/models`, { headers: auth })).json()).models;
  // a version's post-publish work (wide set) first, then an idle server: the next upload is timed as version 1 was
  const wideSetOf = async (project) => {
    await waitFor(async () => {
      const res = await fetch(`${base}/api/ifc/odata/projects/${project}/IFCElementsWide/$count`, {
        headers: auth,
      });
      await res.arrayBuffer();
      return res.ok;
    }, 'wide set');
    await serverIdle(pid);
  };
  const changeSetOf = (project, sample) =>
    waitFor(async () => {
      sample?.();
      const latest = (await models(project))[0].versions[0];
      return latest.changes && latest.changes.status !== 'pending' ? latest : null;
    }, 'change set');
  const versionsUrl = (project) => `${base}/api/ifc/projects/${project}/models/${project}/versions?wait=true`;
  const v2Bytes = statSync(file).size;

  await wideSetOf(projectId);
  const second = await timedUpload(versionsUrl(projectId), auth, file);

  // from "ready" until the change set is computed: RSS sampled every 100 ms
  const readyAt = performance.now();
  const rssAtReady = rssMb(pid);
  let rssPeak = rssAtReady;
  const version = await changeSetOf(projectId, () => {
    rssPeak = Math.max(rssPeak, rssMb(pid));
  });
  const changeSeconds = (performance.now() - readyAt) / 1000;
  const changes = version.changes;
  if (changes.status !== 'ready') throw new Error(`change set ${changes.status}: ${changes.error}`);

  // A second pair, version 1 in a new project then version 2 into it: one upload's time drifts by ±15% on this
  // machine from one minute to the next, so one pair alone says little about a 5% difference.
  await wideSetOf(projectId);
  const firstAgain = await timedUpload(`${base}/api/ifc/odata/upload?wait=true`, auth, first.file);
  const otherProject = firstAgain.body.projectId;
  await wideSetOf(otherProject);
  const secondAgain = await timedUpload(versionsUrl(otherProject), auth, file);
  await changeSetOf(otherProject);

  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  // per MB, since version 2's file is a little larger than version 1's (its cloned property sets)
  const perMb = (seconds, size) => seconds / (size / 1024 / 1024);
  const delayOf = (v1Seconds, v2Seconds) => perMb(v2Seconds, v2Bytes) / perMb(v1Seconds, first.bytes) - 1;
  const delay = delayOf(first.seconds + firstAgain.seconds, second.seconds + secondAgain.seconds);
  const percent = (value) => +(value * 100).toFixed(1);
  return {
    v2Mb: +(v2Bytes / 1024 / 1024).toFixed(1),
    v2EndToEndSeconds: +second.seconds.toFixed(2),
    v1AgainEndToEndSeconds: +firstAgain.seconds.toFixed(2),
    v2AgainEndToEndSeconds: +secondAgain.seconds.toFixed(2),
    v2ReadyVsV1PerMbPercentByPair: `${percent(delayOf(first.seconds, second.seconds))}, ${percent(delayOf(firstAgain.seconds, secondAgain.seconds))}`,
    v2ReadyVsV1PerMbPercent: percent(delay),
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
