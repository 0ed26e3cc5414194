import { Writable } from 'node:stream';
import { model } from '../test/fixture';
import { writeCsdlXml, writeServiceDocument } from './csdl-xml';
import { writeEncodedCollection, writeEntity, writeEntityCollection } from './json-writer';
import { type EntityModel, findEntityType } from './model';
import { ieee754Compatible } from './negotiate';

/** Minimal XML well-formedness check: balanced tags, quoted attributes, known entities only. */
function parseXml(xml: string): { name: string; attrs: Record<string, string>; path: string }[] {
  const elements: { name: string; attrs: Record<string, string>; path: string }[] = [];
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^?]*\?>/, '');
  const re = /<(\/?)([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(body))) {
    consumed = re.lastIndex;
    const [, close, name, attrText, selfClose, text] = m;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error('bad entity in text');
      continue;
    }
    if (close) {
      if (stack.pop() !== name) throw new Error(`mismatched </${name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(a[2] as string)) throw new Error('bad entity in attribute');
      if ((a[1] as string) in attrs) throw new Error('duplicate attribute');
      attrs[a[1] as string] = (a[2] as string)
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    }
    elements.push({ name: name as string, attrs, path: [...stack, name].join('/') });
    if (!selfClose) stack.push(name as string);
  }
  if (consumed !== body.length || stack.length !== 0) throw new Error(`not well-formed at ${consumed}`);
  return elements;
}

describe('CSDL XML', () => {
  const xml = writeCsdlXml(model);
  const els = parseXml(xml);
  const find = (name: string, attr: Record<string, string>) =>
    els.filter((e) => e.name === name && Object.entries(attr).every(([k, v]) => e.attrs[k] === v));

  it('is well-formed edmx 4.0 with schema and container', () => {
    expect(els[0]).toMatchObject({ name: 'edmx:Edmx', attrs: { Version: '4.0' } });
    expect(find('Schema', { Namespace: 'Test' })).toHaveLength(1);
    expect(find('EntityContainer', { Name: 'Container' })).toHaveLength(1);
  });

  it('declares keys, property types and nullability', () => {
    expect(find('PropertyRef', { Name: 'Id' })).toHaveLength(2);
    expect(find('Property', { Name: 'Id', Type: 'Edm.Int32', Nullable: 'false' })).toHaveLength(2);
    expect(find('Property', { Name: 'Name', Type: 'Edm.String' })[0]?.attrs.Nullable).toBeUndefined();
    expect(find('Property', { Name: 'Price', Type: 'Edm.Decimal', Scale: 'variable' })).toHaveLength(1);
    expect(find('Property', { Name: 'Created', Type: 'Edm.DateTimeOffset' })).toHaveLength(1);
  });

  it('writes navigation properties with partner, constraint and bindings', () => {
    expect(
      find('NavigationProperty', { Name: 'Project', Type: 'Test.Project', Partner: 'Elements' }),
    ).toHaveLength(1);
    expect(
      find('NavigationProperty', { Name: 'Elements', Type: 'Collection(Test.Element)', Partner: 'Project' }),
    ).toHaveLength(1);
    expect(find('ReferentialConstraint', { Property: 'ProjectId', ReferencedProperty: 'Id' })).toHaveLength(
      1,
    );
    expect(find('NavigationPropertyBinding', { Path: 'Project', Target: 'Projects' })[0]?.path).toContain(
      'EntitySet',
    );
    expect(find('EntitySet', { Name: 'Elements', EntityType: 'Test.Element' })).toHaveLength(1);
  });

  it('escapes names that need it', () => {
    const odd: EntityModel = { ...model, namespace: 'A&B"<x>' };
    const parsed = parseXml(writeCsdlXml(odd));
    expect(parsed.find((e) => e.name === 'Schema')?.attrs.Namespace).toBe('A&B"<x>');
  });

  it('service document lists entity sets', () => {
    const doc = JSON.parse(writeServiceDocument(model, 'http://h/odata/'));
    expect(doc['@odata.context']).toBe('http://h/odata/$metadata');
    expect(doc.value).toEqual([
      { name: 'Elements', kind: 'EntitySet', url: 'Elements' },
      { name: 'Projects', kind: 'EntitySet', url: 'Projects' },
    ]);
  });
});

/** A writable that accepts little and drains slowly, counting how often the writer had to wait. */
class SlowSink extends Writable {
  chunks: Buffer[] = [];
  maxBuffered = 0;
  constructor() {
    super({ highWaterMark: 1024 });
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error) => void): void {
    this.chunks.push(chunk);
    this.maxBuffered = Math.max(this.maxBuffered, this.writableLength);
    setTimeout(cb, 1);
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

const elementType = findEntityType(model, 'Element');
if (!elementType) throw new Error('fixture');

async function* generate(n: number, pulled: { count: number }): AsyncGenerator<Record<string, unknown>> {
  for (let i = 1; i <= n; i++) {
    pulled.count = i;
    yield {
      Id: i,
      Name: i % 7 === 0 ? null : `Row "${i}" \u2028 ü`,
      Area: i === 3 ? Infinity : i / 3,
      Count: i,
      Price: 1.5,
      Big: 2n ** 60n,
      IsExternal: i % 2,
      Created: '2024-01-02 03:04:05',
      Day: '2024-01-02',
      Uid: 'abc',
      ProjectId: 1,
      $k0: 'hidden',
    };
  }
}

describe('streaming JSON writer', () => {
  const base = { model, entityType: elementType, entitySet: 'Elements', serviceRoot: 'http://h/odata/' };

  it('writes valid JSON with count and nextLink, honouring back-pressure', async () => {
    const sink = new SlowSink();
    const pulled = { count: 0 };
    let drains = 0;
    sink.on('drain', () => drains++);
    const written = await writeEntityCollection(sink, generate(2000, pulled), {
      ...base,
      count: 5000,
      chunkSize: 4096,
      nextLink: (last, n) =>
        `http://h/odata/Elements?$skiptoken=${String((last as Record<string, unknown> | undefined)?.Id)}-${n}`,
    });
    await new Promise<void>((r) => sink.end(r));
    expect(written).toBe(2000);
    expect(drains).toBeGreaterThan(10);
    // The writer waited: never more than one chunk sat in the sink's buffer.
    expect(sink.maxBuffered).toBeLessThanOrEqual(4096 * 4);
    const doc = JSON.parse(sink.text());
    expect(doc['@odata.context']).toBe('http://h/odata/$metadata#Elements');
    expect(doc['@odata.count']).toBe(5000);
    expect(doc['@odata.nextLink']).toBe('http://h/odata/Elements?$skiptoken=2000-2000');
    expect(doc.value).toHaveLength(2000);
    expect(doc.value[0]).toEqual({
      Id: 1,
      Name: 'Row "1" \u2028 ü',
      Area: 1 / 3,
      Count: 1,
      Price: 1.5,
      Big: 2 ** 60,
      IsExternal: true,
      Created: '2024-01-02T03:04:05.000Z',
      Day: '2024-01-02',
      Uid: 'abc',
      ProjectId: 1,
    });
    expect(doc.value[2].Area).toBe('INF');
    expect(doc.value[6].Name).toBeNull();
    expect(sink.text()).toContain('"Big":1152921504606846976');
  });

  it('stops pulling rows when the client goes away', async () => {
    const sink = new SlowSink();
    const pulled = { count: 0 };
    const p = writeEntityCollection(sink, generate(100000, pulled), { ...base, chunkSize: 1024 });
    setTimeout(() => sink.destroy(), 20);
    await p;
    expect(pulled.count).toBeLessThan(100000);
  });

  it('supports metadata=full and none, and $select', async () => {
    const sink = new SlowSink();
    await writeEntityCollection(sink, [{ Id: 7, Name: 'x', Created: new Date(Date.UTC(2020, 0, 1)) }], {
      ...base,
      metadata: 'full',
      properties: ['Id', 'Created'],
    });
    await new Promise<void>((r) => sink.end(r));
    const doc = JSON.parse(sink.text());
    expect(doc['@odata.context']).toBe('http://h/odata/$metadata#Elements(Id,Created)');
    expect(doc.value[0]).toEqual({
      '@odata.id': 'http://h/odata/Elements(7)',
      '@odata.type': '#Test.Element',
      '@odata.editLink': 'Elements(7)',
      Id: 7,
      'Created@odata.type': '#DateTimeOffset',
      Created: '2020-01-01T00:00:00.000Z',
    });
    const none = new SlowSink();
    await writeEntityCollection(none, [], { ...base, metadata: 'none' });
    await new Promise<void>((r) => none.end(r));
    expect(JSON.parse(none.text())).toEqual({ value: [] });
  });

  it('writes Int64 and Decimal as strings when IEEE754Compatible is asked for', async () => {
    const sink = new SlowSink();
    await writeEntityCollection(sink, [{ Id: 1, Big: 2n ** 62n, Price: 0.1, Count: 3 }], {
      ...base,
      properties: ['Id', 'Big', 'Price', 'Count'],
      ieee754Compatible: true,
    });
    await new Promise<void>((r) => sink.end(r));
    expect(JSON.parse(sink.text()).value[0]).toEqual({
      Id: 1,
      Big: '4611686018427387904',
      Price: '0.1',
      Count: 3,
    });
    expect(
      ieee754Compatible(undefined, 'application/json;odata.metadata=minimal;IEEE754Compatible=true'),
    ).toBe(true);
    expect(ieee754Compatible(undefined, 'application/json')).toBe(false);
  });

  it('reads Mongo documents by storage column when asked', async () => {
    const sink = new SlowSink();
    await writeEntityCollection(sink, [{ Id: 1, cnt: 4 }], {
      ...base,
      properties: ['Id', 'Count'],
      readColumns: true,
    });
    await new Promise<void>((r) => sink.end(r));
    expect(JSON.parse(sink.text()).value).toEqual([{ Id: 1, Count: 4 }]);
  });

  it('frames pre-encoded entity bytes with the same context, count and nextLink', async () => {
    const body = Buffer.from('{"Id":1,"Name":"ü"},{"Id":2,"Name":null}');
    const sink = new SlowSink();
    await writeEncodedCollection(sink, body, {
      ...base,
      properties: ['Id', 'Name'],
      count: 7,
      nextLink: 'http://h/odata/Elements?$skiptoken=x',
    });
    await new Promise<void>((r) => sink.end(r));
    expect(JSON.parse(sink.text())).toEqual({
      '@odata.context': 'http://h/odata/$metadata#Elements(Id,Name)',
      '@odata.count': 7,
      value: [
        { Id: 1, Name: 'ü' },
        { Id: 2, Name: null },
      ],
      '@odata.nextLink': 'http://h/odata/Elements?$skiptoken=x',
    });
    const bare = new SlowSink();
    await writeEncodedCollection(bare, Buffer.alloc(0), { ...base, metadata: 'none' });
    await new Promise<void>((r) => bare.end(r));
    expect(JSON.parse(bare.text())).toEqual({ value: [] });
  });

  it('writes a single entity with its $entity context', () => {
    const doc = JSON.parse(writeEntity({ Id: 1, Name: "O'Brien" }, { ...base, properties: ['Id', 'Name'] }));
    expect(doc).toEqual({
      '@odata.context': 'http://h/odata/$metadata#Elements(Id,Name)/$entity',
      Id: 1,
      Name: "O'Brien",
    });
  });
});
