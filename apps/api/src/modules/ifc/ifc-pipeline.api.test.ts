import fs from 'node:fs';
import request from 'supertest';
import { modelNameSchema } from '@aec/contracts';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../test/store-fixtures';
import { listUploadDir, openIfcHarness, readEvents, upload, type IfcHarness } from '../../test/ifc-harness';
import type { Store } from '../../store/types';

describeEachStore('IFC pipeline: upload → worker → store → projects API', (target) => {
  let store: Store;
  let h: IfcHarness;
  let token: string;
  let other: string;
  const fixture = generateIfcFixture({ storeys: 2, bays: 3, name: "O'Brien Tower", seed: 7 });
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
    token = (await h.login('owner')).token;
    other = (await h.login('other')).token;
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('processes a generated model with ?wait=true into the spec response with the exact counts', async () => {
    const res = await upload(h, token, fixture.text, 'Tower.IFC').expect(200);
    expect(res.body).toMatchObject({
      success: true,
      elementCount: fixture.counts.totalProducts,
      processingInfo: { realIFC: true, fallbackUsed: false, schema: 'IFC4' },
    });
    expect(res.body.message).toBe(
      `IFC file processed successfully: ${fixture.counts.totalProducts} elements extracted`,
    );
    expect(Object.keys(res.body.tableauInstructions)).toEqual(['step1', 'step2', 'step3', 'step4', 'step5']);
    const { projectId } = res.body;
    expect(res.body.tableauUrl).toBe(
      `${res.body.odataUrl.split('/api/')[0]}/api/ifc/odata/IFCElements?$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`,
    );

    const project = (
      await request(h.app).get(`/api/ifc/projects/${projectId}`).set(bearer(token)).expect(200)
    ).body;
    expect(project).toMatchObject({
      projectId,
      name: 'Tower',
      fileName: 'Tower.IFC',
      status: 'ready',
      schema: 'IFC4',
      elementCount: fixture.counts.totalProducts,
      countsByType: fixture.counts.productsByType,
      error: null,
      // Issue 15: the upload made one model, named after the project, whose id is the project's.
      models: [{ modelId: projectId, name: 'Tower', latestVersionNumber: 1, fileName: 'Tower.IFC' }],
      retention: null,
    });
    for (const [storey, n] of Object.entries(fixture.counts.productsByStorey))
      expect(project.countsByStorey[storey]).toBe(n);
    expect(listUploadDir(h)).toEqual([]);
  });

  it('streams live progress over SSE with real numbers, ending in a complete event', async () => {
    const accepted = await upload(h, token, fixture.text, 'live.ifc', false).expect(202);
    expect(accepted.body).toMatchObject({
      success: true,
      status: 'queued',
      jobId: expect.any(String),
      projectId: expect.any(String),
    });
    const events = await readEvents(h, accepted.body.jobId, token);
    const last = events[events.length - 1]!;
    expect(last.event).toBe('complete');
    expect(last.data).toMatchObject({ type: 'success', category: 'complete', progress: 100 });
    const logs = events.map((e) => e.data);
    for (const entry of logs)
      expect(Object.keys(entry)).toEqual(expect.arrayContaining(['id', 'timestamp', 'message', 'type']));
    const categories = new Set(logs.map((e) => e.category));
    expect([...categories]).toEqual(expect.arrayContaining(['upload', 'parse', 'extract', 'complete']));
    const messages = logs.map((e) => String(e.message)).join('\n');
    expect(messages).toContain('schema IFC4');
    expect(messages).toMatch(/Parsed \d+ entities/);
    const walls = fixture.counts.productsByType.IfcWall;
    expect(messages).toContain(`${walls} IfcWall`);
    expect(messages).toContain(`Stored ${fixture.counts.totalProducts} elements`);
    const progress = logs.map((e) => e.progress).filter((p): p is number => typeof p === 'number');
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // A client connecting after the end still gets the final state.
    const again = await readEvents(h, accepted.body.jobId, token);
    expect(again[again.length - 1]!.event).toBe('complete');
    // An EventSource not closed on the outcome reconnects with its id: 204 tells it to stop, where a stream would
    // either never end or send the outcome again, and so on every 2 s.
    const reconnect = (lastEventId: string) =>
      fetch(`${h.baseUrl}/api/ifc/jobs/${accepted.body.jobId}/events`, {
        headers: { ...bearer(token), 'Last-Event-ID': lastEventId },
        signal: AbortSignal.timeout(10_000),
      });
    const lastId = Number(last.id);
    const done = await reconnect(String(lastId));
    expect(done.status).toBe(204);
    expect(await done.text()).toBe('');
    const oneLeft = await reconnect(String(lastId - 1));
    expect(oneLeft.status).toBe(200);
    expect(await oneLeft.text()).toMatch(new RegExp(`^retry: 2000\\n\\nid: ${lastId}\\nevent: complete\\n`));
    // A Last-Event-ID that is no whole number is no id: the whole log again.
    const garbled = await reconnect(`${lastId}e3`);
    expect(garbled.status).toBe(200);
    expect((await garbled.text()).match(/^event: /gm)).toHaveLength(events.length);
  });

  it('names a model after a long file name cut to the longest name one may type, keeping the file name', async () => {
    // 'A ' puts the 120th UTF-16 unit in the middle of an emoji: the cut leaves the emoji out whole
    const fileName = `A ${'Büro-Hochhaus 😀 '.repeat(12)}Nord.ifc`;
    const res = await upload(h, token, fixture.text, fileName).expect(200);
    const project = (
      await request(h.app).get(`/api/ifc/projects/${res.body.projectId}`).set(bearer(token)).expect(200)
    ).body as { name: string; fileName: string; models: { name: string }[] };
    expect(project.fileName).toBe(fileName);
    expect(project.name).toBe(`A ${'Büro-Hochhaus 😀 '.repeat(6)}Büro-Hochhaus…`);
    expect(project.models[0]!.name).toBe(project.name);
    expect(modelNameSchema.safeParse(project.name).success).toBe(true);
  });

  it('logs one warning per kind of string-encoding problem and keeps the text of every name', async () => {
    const faulty = generateIfcFixture({ storeys: 1, bays: 1, faults: { encodingFaults: true } });
    const accepted = await upload(h, token, faulty.text, 'imported.ifc', false).expect(202);
    const events = await readEvents(h, accepted.body.jobId, token);
    expect(events[events.length - 1]!.event).toBe('complete');
    const warnings = events.map((e) => String(e.data.message)).filter((m) => m.startsWith('Warning:'));
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^Warning: 6 backslashes in strings started no valid ISO 10303-21 escape/);
    expect(warnings[1]).toMatch(/^Warning: 2 \\X escapes used lower-case hex digits/);
    expect(warnings[2]).toMatch(/^Warning: 1 escaped code point was not a Unicode character/);
    // The version keeps them after the log is gone: its history says the text was repaired.
    const models = await request(h.app)
      .get(`/api/ifc/projects/${accepted.body.projectId}/models`)
      .set(bearer(token))
      .expect(200);
    expect(models.body.models[0].versions[0].warnings).toEqual(
      warnings.map((w) => w.slice('Warning: '.length)),
    );
    const filter = `ProjectId eq '${accepted.body.projectId}' and SetName eq 'AEC_Imported'`;
    const feed = await request(h.app)
      .get(`/api/ifc/odata/IFCProperties?$filter=${encodeURIComponent(filter)}&$select=PropertyName,Value`)
      .set(bearer(token))
      .expect(200);
    expect(feed.body.value.map((r: { PropertyName: string }) => r.PropertyName).sort()).toEqual([
      'Base Lightin\\g Load on',
      'Café rating',
      'Lone \uFFFD surrogate',
    ]);
  });

  it('keeps projects private: listing, reading, CSV, events and job control are the owner’s alone', async () => {
    const res = await upload(h, token, fixture.text, 'private.ifc').expect(200);
    const { projectId, jobId } = res.body;
    await request(h.app).get('/api/ifc/projects').expect(401);
    const mine = (await request(h.app).get('/api/ifc/projects').set(bearer(token)).expect(200)).body.projects;
    expect(mine.map((p: { projectId: string }) => p.projectId)).toContain(projectId);
    const theirs = (await request(h.app).get('/api/ifc/projects').set(bearer(other)).expect(200)).body
      .projects;
    expect(theirs.map((p: { projectId: string }) => p.projectId)).not.toContain(projectId);
    for (const path of [
      `/api/ifc/projects/${projectId}`,
      `/api/ifc/projects/${projectId}/elements.csv`,
      `/api/ifc/jobs/${jobId}`,
      `/api/ifc/jobs/${jobId}/events`,
    ]) {
      await request(h.app).get(path).set(bearer(other)).expect(404);
      await request(h.app).get(path).expect(404);
    }
    await request(h.app).delete(`/api/ifc/projects/${projectId}`).set(bearer(other)).expect(404);
    await request(h.app).post(`/api/ifc/jobs/${jobId}/cancel`).set(bearer(other)).expect(404);
    await request(h.app).get(`/api/ifc/projects/${projectId}`).set(bearer(token)).expect(200);
  });

  it('exports elements as RFC 4180 CSV with a BOM, one line per element', async () => {
    const { projectId } = (await upload(h, token, fixture.text, 'csv.ifc').expect(200)).body;
    const res = await request(h.app)
      .get(`/api/ifc/projects/${projectId}/elements.csv`)
      .set(bearer(token))
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (data += c));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const text = res.body as string;
    expect(text.startsWith('\uFEFFId,ProjectId,GlobalId,ExpressId,IfcType')).toBe(true);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(fixture.counts.totalProducts + 1);
    expect(text).toContain(",O'Brien Room,");
    expect(text).toContain('"Brick, Mineral wool, Gypsum board"');
    expect(text).toContain('Bürogebäude');
  });

  it('names downloads after the project in any script (RFC 6266 filename*), with an ASCII stand-in', async () => {
    const { projectId } = (await upload(h, token, fixture.text, 'Bürogebäude 北京 🏢.ifc').expect(200)).body;
    const encoded = encodeURIComponent('Bürogebäude 北京 🏢');
    for (const [path, suffix] of [
      ['elements.csv', '-elements.csv'],
      ['connect.pbids', '.pbids'],
      ['connect.tds', '.tds'],
    ]) {
      const res = await request(h.app)
        .get(`/api/ifc/projects/${projectId}/${path}`)
        .set(bearer(token))
        .expect(200);
      const disposition = res.headers['content-disposition'];
      expect(disposition).toContain(`filename*=UTF-8''${encoded}${suffix}`);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=/);
    }
  });

  it('downloads ready-made Power BI and Tableau connection files for the owner only', async () => {
    const { projectId, odataUrl, tableauUrl } = (await upload(h, token, fixture.text, 'conn.ifc').expect(200))
      .body;
    const pbids = await request(h.app)
      .get(`/api/ifc/projects/${projectId}/connect.pbids`)
      .set(bearer(token))
      .expect(200);
    expect(pbids.headers['content-disposition']).toMatch(/attachment; filename="?conn.pbids"?/);
    // Each supertest request runs on its own port: compare the URLs without their origin.
    const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
    const parsed = JSON.parse(pbids.text);
    expect(parsed).toMatchObject({
      version: '0.1',
      connections: [{ details: { protocol: 'odata' }, mode: 'Import' }],
    });
    expect(path(parsed.connections[0].details.address.url)).toBe(path(odataUrl));
    const tds = await request(h.app)
      .get(`/api/ifc/projects/${projectId}/connect.tds`)
      .set(bearer(token))
      .expect(200);
    expect(tds.text).toContain("class='odata'");
    expect(tds.text).toContain(path(tableauUrl).replace(/&/g, '&amp;').replace(/'/g, '&apos;'));
    await request(h.app).get(`/api/ifc/projects/${projectId}/connect.pbids`).set(bearer(other)).expect(404);
    await request(h.app).get(`/api/ifc/projects/${projectId}/connect.tds`).expect(404);
  });

  it('deletes a project with its rows and model file', async () => {
    const { projectId } = (await upload(h, token, fixture.text, 'gone.ifc').expect(200)).body;
    const project = await store.projects.findById(projectId);
    await request(h.app).delete(`/api/ifc/projects/${projectId}`).set(bearer(token)).expect(200);
    await request(h.app).get(`/api/ifc/projects/${projectId}`).set(bearer(token)).expect(404);
    expect(await store.rows.countAll(projectId, project!.version)).toEqual({
      elements: 0,
      properties: 0,
      spatial: 0,
    });
  });

  it('deletes an account with its projects, their model files and the job still waiting or running', async () => {
    const { token: leaving } = await h.login('leaving');
    const kept = (await upload(h, token, fixture.text, 'staying.ifc').expect(200)).body;
    const ready = (await upload(h, leaving, fixture.text, 'Büro Ost.ifc').expect(200)).body;
    const pending = (await upload(h, leaving, fixture.text, 'running.ifc', false).expect(202)).body;
    const filesOf = (projectId: string) =>
      fs.existsSync(h.modelDir)
        ? fs.readdirSync(h.modelDir).filter((name) => name.startsWith(projectId))
        : [];
    // SQLite keeps each version's model file in DATA_DIR/models (MongoDB keeps a job's in GridFS until it ends).
    if (target.name === 'sqlite') expect(filesOf(ready.projectId)).toEqual([`${ready.projectId}.ifc`]);

    await request(h.app).delete('/mongo/user/delete').set(bearer(leaving)).expect(200);

    for (const { projectId } of [ready, pending]) {
      expect(await store.projects.findById(projectId)).toBeNull();
      expect(filesOf(projectId)).toEqual([]);
    }
    const health = async () => (await request(h.app).get('/health').expect(200)).body.jobs as string[];
    for (let i = 0; i < 100 && (await health()).includes(pending.jobId); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await health()).not.toContain(pending.jobId);
    // Another account's project stays, with its file.
    await request(h.app).get(`/api/ifc/projects/${kept.projectId}`).set(bearer(token)).expect(200);
    if (target.name === 'sqlite') expect(filesOf(kept.projectId)).toEqual([`${kept.projectId}.ifc`]);
  });

  it('builds the public demo project once, even when asked twice at the same time', async () => {
    const [a, b] = await Promise.all([
      request(h.app).post('/api/ifc/odata/create-sample').expect(200),
      request(h.app).post('/api/ifc/odata/create-demo').expect(200),
    ]);
    expect(a.body.projectId).toBe('demo_project_permanent');
    expect(b.body.projectId).toBe('demo_project_permanent');
    expect(a.body.elementCount).toBe(b.body.elementCount);
    expect(a.body.processingInfo.fallbackUsed).toBe(false);
    const demo = (await request(h.app).get('/api/ifc/projects/demo_project_permanent').expect(200)).body;
    expect(demo).toMatchObject({ status: 'ready', isPublic: true, elementCount: a.body.elementCount });
    expect(Object.values(demo.countsByType as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(
      demo.elementCount,
    );
    const again = await request(h.app).post('/api/ifc/odata/create-demo').expect(200);
    expect(again.body.elementCount).toBe(a.body.elementCount);
    await request(h.app).delete('/api/ifc/projects/demo_project_permanent').set(bearer(token)).expect(404);
  });
});
