import { generateIfcFixture } from '@aec/ifc';
import { openUpload, readEvents, useIfcHarness, type IfcHarness } from '../../test/ifc-harness';
import { storeTargets } from '../../test/store-fixtures';

const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
const fixture = generateIfcFixture({ storeys: 2, bays: 3, doorWindowParameters: true });

const ARRIVED_READ = /found, \d+ bytes read while the upload arrived/;
const READ_FROM_DISK = /found, streaming \d+ bytes from disk/;

/**
 * POSTs `content` as the upload's file in `pieces`, pausing between them, as a slow link would: the server's spare
 * worker then reads the file while it arrives. Resolves to the answer's status and JSON.
 */
async function slowUpload(
  h: IfcHarness,
  token: string,
  content: Buffer,
  pieces = 8,
  pauseMs = 60,
  /** What follows the file in the body (a second file part, say) before the closing boundary. */
  after = '',
) {
  const sent = openUpload(h, token, content.length, { after });
  const size = Math.ceil(content.length / pieces);
  for (let at = 0; at < content.length; at += size) {
    sent.write(content.subarray(at, at + size));
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return sent.end();
}

async function logOf(h: IfcHarness, token: string, jobId: unknown) {
  const events = await readEvents(h, String(jobId), token);
  expect(events.at(-1)?.event).toBe('complete');
  return events.map((e) => String(e.data.message)).join('\n');
}

describe('an upload read while it arrives (the streaming extractor, one machine)', () => {
  const harness = useIfcHarness(sqlite);

  it('is read by the spare worker as it arrives, and its job publishes every row from that reading', async () => {
    const { store, h } = await harness.open();
    const { token } = await h.login('arriving');
    const accepted = await slowUpload(h, token, Buffer.from(fixture.text, 'latin1'));
    expect(accepted.status).toBe(202);
    const log = await logOf(h, token, accepted.body.jobId);
    expect(log).toMatch(ARRIVED_READ);
    expect(log).not.toMatch(READ_FROM_DISK);
    const project = await store.projects.findById(String(accepted.body.projectId));
    expect(project).toMatchObject({
      status: 'ready',
      elementCount: fixture.counts.totalProducts,
      countsByType: fixture.counts.productsByType,
    });
  });

  it('drops what it read of a refused upload, and reads the next upload as it arrives', async () => {
    const { h } = await harness.open();
    const { token } = await h.login('arriving');
    // STEP the header check accepts as far as the head goes, then refuses (no trailer): 400, no job
    const cut = fixture.text.replace(/END-ISO-10303-21;\s*$/, '');
    const refused = await slowUpload(h, token, Buffer.from(cut, 'latin1'));
    expect(refused).toMatchObject({ status: 400, body: { code: 'TRUNCATED' } });
    const accepted = await slowUpload(h, token, Buffer.from(fixture.text, 'latin1'));
    expect(accepted.status).toBe(202);
    expect(await logOf(h, token, accepted.body.jobId)).toMatch(ARRIVED_READ);
  });

  it('drops what it read of a file multer refuses after it arrived (a second file), and reads the next upload', async () => {
    const { h } = await harness.open();
    const { token } = await h.login('arriving');
    const second =
      '\r\n--BOUNDARY\r\nContent-Disposition: form-data; name="ifcFile"; filename="b.ifc"\r\n\r\nISO-10303-21;';
    const twoFiles = await slowUpload(h, token, Buffer.from(fixture.text, 'latin1'), 8, 60, second);
    expect(twoFiles).toMatchObject({ status: 400, body: { code: 'UNEXPECTED_FIELD' } });
    const accepted = await slowUpload(h, token, Buffer.from(fixture.text, 'latin1'));
    expect(accepted.status).toBe(202);
    expect(await logOf(h, token, accepted.body.jobId)).toMatch(ARRIVED_READ);
  });

  it('reads the file from disk when another job is running as the upload begins (its job waits its turn)', async () => {
    const { store, h } = await harness.open({ MAX_CONCURRENT_JOBS: '1' });
    const { token } = await h.login('arriving');
    const big = generateIfcFixture({ storeys: 6, bays: 8 });
    const first = slowUpload(h, token, Buffer.from(big.text, 'latin1'), 1, 0);
    const firstAccepted = await first;
    const second = await slowUpload(h, token, Buffer.from(fixture.text, 'latin1'));
    expect([firstAccepted.status, second.status]).toEqual([202, 202]);
    const firstLog = await logOf(h, token, firstAccepted.body.jobId);
    const secondLog = await logOf(h, token, second.body.jobId);
    expect(firstLog).toMatch(/found, /);
    expect(secondLog).toMatch(READ_FROM_DISK);
    expect(await store.projects.findById(String(second.body.projectId))).toMatchObject({
      status: 'ready',
      elementCount: fixture.counts.totalProducts,
    });
  });
});
