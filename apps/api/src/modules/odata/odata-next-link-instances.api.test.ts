import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Store } from '../../store/types';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { instanceApp, sharedMongoDb } from '../../test/shared-mongo-db';
import { newAccount } from '../../test/test-app';
import { elementRow } from '../../test/row-fixtures';
import { publishedProject, publishVersion } from '../../test/published-project';
import { jwtSecretFor } from '../auth/jwt-secret';

/**
 * Issue 16: a BI refresh behind a load balancer follows its nextLinks wherever they land. A $skiptoken minted by one
 * instance (each with its own DATA_DIR and no JWT_SECRET, so the secret shared through MongoDB signs it) answers the
 * same page on another, and once a new version is published the old link reads its pinned version on both alike.
 */
const title = 'OData nextLinks across instances on one MongoDB';
const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`[mongodb] ${title}: skipped — ${mongoSkipReason}`);

type App = Parameters<typeof request>[0];
const PAGE = 7;
/** The page without the origins it was asked through (each request reaches the app on its own port). */
const portable = (body: unknown) => JSON.parse(JSON.stringify(body).replace(/https?:\/\/[^/"]+/g, ''));
const rowsOf = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => elementRow(i + 1, { Name: `${tag}-ü-${i + 1}` }));

describeMongo(mongoTestUri ? title : `${title} — skipped: ${mongoSkipReason}`, () => {
  const db = sharedMongoDb('aec_nextlink');
  let stores: Store[];
  let dirs: string[] = [];
  let instances: ReturnType<typeof instanceApp>[] = [];
  let a: App;
  let b: App;
  beforeAll(async () => {
    stores = [await db.open(), await db.open()];
    dirs = stores.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'aec-nextlink-')));
    instances = await Promise.all(
      stores.map(async (s, i) => instanceApp(s, await jwtSecretFor(undefined, dirs[i]!, s))),
    );
    a = instances[0]!.app;
    b = instances[1]!.app;
  });
  afterAll(async () => {
    for (const { processor, usage } of instances) {
      await processor.close();
      await usage.stop();
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await db.dispose();
  });

  it('a link minted on one instance pages identically on the other, before and after a new version', async () => {
    const account = newAccount('nextlink');
    await request(a).post('/mongo/auth/register').send(account).expect(201);
    const { token, user } = (await request(a).post('/mongo/auth/login').send(account).expect(200)).body as {
      token: string;
      user: { id: string };
    };
    const get = (app: App, url: string) =>
      request(app)
        .get(url)
        .set('Authorization', `Bearer ${token}`)
        .set('Accept', 'application/json;odata.metadata=minimal')
        .set('OData-MaxVersion', '4.0')
        .set('Prefer', `odata.maxpagesize=${PAGE}`);
    const linkOf = (page: request.Response): string =>
      (page.body['@odata.nextLink'] as string).replace(/^https?:\/\/[^/]+/, '');

    const projectId = await publishedProject(stores[0]!, user.id, rowsOf(3 * PAGE + 2, 'v1'));
    const first = await get(a, `/api/ifc/odata/projects/${projectId}/IFCElements?$select=Id,Name`).expect(200);
    expect(first.body.value).toHaveLength(PAGE);
    const second = linkOf(first);
    expect(second).toContain('skiptoken');

    const onA = await get(a, second).expect(200);
    const onB = await get(b, second).expect(200);
    expect(onB.body.value).toHaveLength(PAGE);
    expect(portable(onB.body)).toEqual(portable(onA.body));

    // The whole pull, alternating instances page by page, reads every row once.
    const names = [...first.body.value];
    let next: string | undefined = second;
    for (let i = 0; next; i++) {
      const page: request.Response = await get(i % 2 ? a : b, next).expect(200);
      names.push(...page.body.value);
      next = page.body['@odata.nextLink'] ? linkOf(page) : undefined;
    }
    expect(names.map((r: { Name: string }) => r.Name).sort()).toEqual(
      rowsOf(3 * PAGE + 2, 'v1')
        .map((r) => r.Name)
        .sort(),
    );

    // A new version published (through the other instance's store): the old link answers as one instance does.
    await publishVersion(stores[1]!, projectId, rowsOf(PAGE, 'v2'), 'v2');
    const afterOnA = await get(a, second);
    const afterOnB = await get(b, second);
    expect(afterOnB.status).toBe(afterOnA.status);
    expect(portable(afterOnB.body)).toEqual(portable(afterOnA.body));
    expect(afterOnB.status).toBe(200);
    expect(afterOnB.body.value.map((r: { Name: string }) => r.Name)).toEqual(
      onA.body.value.map((r: { Name: string }) => r.Name),
    );
  });
});
