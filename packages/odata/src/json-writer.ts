import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { encodeValue, keyPredicate } from './json-values';
import { type EntityModel, type EntityType, type PropertyDef, columnOf } from './model';

export type MetadataLevel = 'minimal' | 'full' | 'none';

export interface CollectionWriterOptions {
  model: EntityModel;
  entityType: EntityType;
  entitySet: string;
  /** Service root URL ending with `/`. */
  serviceRoot: string;
  /** Properties to write, in order; defaults to all. Other row fields (paging helpers) are skipped. */
  properties?: string[];
  /**
   * When rows are arrays (a store's raw rows, much cheaper to read than objects), the property name of each
   * position. Without it rows are objects keyed by property name.
   */
  rowColumns?: string[];
  metadata?: MetadataLevel;
  /** Read values by storage column (`column ?? name`) instead of property name, e.g. Mongo documents. */
  readColumns?: boolean;
  /** Int64/Decimal as JSON strings (`IEEE754Compatible=true` in the request's media type). */
  ieee754Compatible?: boolean;
  /** Defaults to `<root>$metadata#<set>` (with the selected properties when `properties` is given). */
  contextUrl?: string;
  count?: number;
  /** Called after the last row with the last row written and how many were written. */
  nextLink?: (
    lastRow: Record<string, unknown> | readonly unknown[] | undefined,
    written: number,
  ) => string | undefined;
  /** Bytes buffered before a write; larger chunks mean fewer syscalls. */
  chunkSize?: number;
  /**
   * Pre-encoded members appended to a row's object (each starting with `,`), e.g. its expanded navigation
   * properties. Without it no per-row work is added.
   */
  extraMembers?: (row: Row) => string;
  /**
   * Rows are arrays whose first element is the entity's JSON text, already encoded by the store (minimal or no
   * metadata, the selected properties in order): written as they are.
   */
  preEncoded?: boolean;
}

/** OData JSON type names for `@odata.type` annotations in full metadata (String/Boolean/Double are implied). */
const TYPE_ANNOTATION: Partial<Record<PropertyDef['type'], string>> = {
  'Edm.Int64': 'Int64',
  'Edm.Decimal': 'Decimal',
  'Edm.DateTimeOffset': 'DateTimeOffset',
  'Edm.Date': 'Date',
  'Edm.Guid': 'Guid',
};

type Row = Record<string, unknown> | readonly unknown[];

/**
 * Precomputes one entity's JSON encoder (`{…}` with the chosen properties and metadata level) so the per-row
 * cost is string concatenation only. Exported for nested (expanded) entities.
 */
export function createEntityEncoder(
  opts: Omit<CollectionWriterOptions, 'count' | 'nextLink' | 'chunkSize' | 'contextUrl'>,
): (row: Row) => string {
  const encode = rowEncoder(opts);
  const extra = opts.extraMembers;
  if (!extra) return encode;
  return (row) => {
    const body = encode(row);
    return `${body.slice(0, -1)}${body === '{}' ? extra(row).replace(/^,/, '') : extra(row)}}`;
  };
}

function rowEncoder(opts: CollectionWriterOptions): (row: Row) => string {
  if (opts.preEncoded) {
    if ((opts.metadata ?? 'minimal') === 'full' || opts.extraMembers)
      throw new Error('Pre-encoded rows carry no full metadata and no expanded members');
    return (row) => (row as readonly unknown[])[0] as string;
  }
  const level = opts.metadata ?? 'minimal';
  const names = opts.properties ?? opts.entityType.properties.map((p) => p.name);
  const props = names
    .map((n) => opts.entityType.properties.find((p) => p.name === n))
    .filter((p): p is PropertyDef => p !== undefined);
  const fields = props.map((p) => {
    const ann =
      level === 'full' && TYPE_ANNOTATION[p.type]
        ? `${JSON.stringify(`${p.name}@odata.type`)}:"#${TYPE_ANNOTATION[p.type]}",`
        : '';
    return {
      name: opts.readColumns ? columnOf(p) : p.name,
      index: opts.rowColumns ? opts.rowColumns.indexOf(p.name) : -1,
      type: p.type,
      prefix: `${ann}${JSON.stringify(p.name)}:`,
    };
  });
  const keyIndexes = opts.entityType.key.map((k) => [k, opts.rowColumns?.indexOf(k) ?? -1] as const);
  const asObject = (row: Row): Record<string, unknown> =>
    Array.isArray(row)
      ? Object.fromEntries(keyIndexes.map(([k, i]) => [k, row[i]]))
      : (row as Record<string, unknown>);
  const typeName = `#${opts.model.namespace}.${opts.entityType.name}`;
  const ieee = opts.ieee754Compatible ?? false;
  return (row) => {
    let s = '{';
    if (level === 'full') {
      const link = `${opts.entitySet}${keyPredicate(opts.entityType, asObject(row))}`;
      s += `"@odata.id":${JSON.stringify(opts.serviceRoot + link)},"@odata.type":${JSON.stringify(typeName)},"@odata.editLink":${JSON.stringify(link)},`;
    }
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as (typeof fields)[number];
      if (i > 0) s += ',';
      const value = Array.isArray(row) ? row[f.index] : (row as Record<string, unknown>)[f.name];
      s += f.prefix + encodeValue(f.type, value, ieee);
    }
    return `${s}}`;
  };
}

export function defaultContextUrl(serviceRoot: string, entitySet: string, properties?: string[]): string {
  return `${serviceRoot}$metadata#${entitySet}${properties ? `(${properties.join(',')})` : ''}`;
}

/** One expanded navigation in a context URL's select list: `Nav(selected,Nested(...))`, `Nav()` for all. */
export interface ContextExpand {
  navigation: string;
  properties?: string[];
  expand?: ContextExpand[];
}

function expandList(properties: string[] | undefined, expand: ContextExpand[]): string {
  return [
    ...(properties ?? []),
    ...expand.map((e) => `${e.navigation}(${expandList(e.properties, e.expand ?? [])})`),
  ].join(',');
}

/** Context URL of a request with `$expand`: `<root>$metadata#Projects(Name,Elements(Id,Project()))`. */
export function expandContextUrl(
  serviceRoot: string,
  entitySet: string,
  properties: string[] | undefined,
  expand: ContextExpand[],
): string {
  return `${serviceRoot}$metadata#${entitySet}(${expandList(properties, expand)})`;
}

type CollectionFrame = Pick<
  CollectionWriterOptions,
  'metadata' | 'contextUrl' | 'serviceRoot' | 'entitySet' | 'properties' | 'count' | 'ieee754Compatible'
>;

/** A count annotation's value: an Int64, so a string when the client asked for IEEE754Compatible. */
export const encodeCount = (count: number, ieee754Compatible = false): string =>
  ieee754Compatible ? `"${count}"` : String(count);

/** `{"@odata.context":…,"@odata.count":…,"value":[` as the metadata level asks. */
function collectionHead(opts: CollectionFrame): string {
  const head: string[] = [];
  if ((opts.metadata ?? 'minimal') !== 'none')
    head.push(
      `"@odata.context":${JSON.stringify(opts.contextUrl ?? defaultContextUrl(opts.serviceRoot, opts.entitySet, opts.properties))}`,
    );
  if (opts.count !== undefined)
    head.push(`"@odata.count":${encodeCount(opts.count, opts.ieee754Compatible)}`);
  return `{${head.join(',')}${head.length ? ',' : ''}"value":[`;
}

const collectionTail = (next: string | undefined) =>
  `]${next ? `,"@odata.nextLink":${JSON.stringify(next)}` : ''}}`;

/**
 * Writes a collection whose entities are already encoded: `body` is their JSON, comma-separated (e.g. a page read
 * ahead into a reusable buffer). Resolves once the socket has taken the bytes or closed.
 */
export async function writeEncodedCollection(
  out: Writable,
  body: Uint8Array,
  opts: CollectionFrame & { nextLink?: string },
): Promise<void> {
  out.write(collectionHead(opts));
  out.write(body);
  if (!out.write(collectionTail(opts.nextLink)) && !out.destroyed) await drainedOrClosed(out);
}

/** Waits until a full socket drains or closes. Whichever event wins, the other listener is removed. */
async function drainedOrClosed(out: Writable): Promise<void> {
  const settled = new AbortController();
  await Promise.race([
    once(out, 'drain', { signal: settled.signal }),
    once(out, 'close', { signal: settled.signal }),
  ]).catch(() => undefined);
  settled.abort();
}

/**
 * Streams `{"@odata.context":…,"@odata.count"?:…,"value":[…],"@odata.nextLink"?:…}` to `out`,
 * waiting for 'drain' whenever the socket is full so memory stays flat. Stops reading rows if the
 * destination closes early. Resolves with the number of rows written.
 */
export async function writeEntityCollection(
  out: Writable,
  rows: AsyncIterable<Row> | Iterable<Row>,
  opts: CollectionWriterOptions,
): Promise<number> {
  const chunkSize = opts.chunkSize ?? 64 * 1024;
  const encode = createEntityEncoder(opts);
  let closed = false;
  const onClose = (): void => {
    closed = true;
  };
  out.once('close', onClose);
  out.once('error', onClose);
  let buf = '';
  const flush = async (): Promise<void> => {
    if (buf === '' || closed) return;
    const ok = out.write(buf);
    buf = '';
    // A long response must not pile up listeners: the helper removes the one that did not fire.
    if (!ok && !closed) await drainedOrClosed(out);
  };
  try {
    buf = collectionHead(opts);
    let written = 0;
    let last: Row | undefined;
    const add = (row: Row): boolean => {
      buf += (written > 0 ? ',' : '') + encode(row);
      written++;
      last = row;
      return buf.length >= chunkSize;
    };
    // A synchronous source (a SQLite statement iterator) is read without a microtask per row.
    if (Symbol.asyncIterator in rows) {
      for await (const row of rows) {
        if (closed) break;
        if (add(row)) await flush();
      }
    } else {
      for (const row of rows) {
        if (closed) break;
        if (add(row)) await flush();
      }
    }
    const next = closed ? undefined : opts.nextLink?.(last, written);
    buf += collectionTail(next);
    await flush();
    return written;
  } finally {
    out.off('close', onClose);
    out.off('error', onClose);
  }
}

/** A single entity (GET Set(key)) with its context. */
export function writeEntity(
  row: Record<string, unknown>,
  opts: Omit<CollectionWriterOptions, 'count' | 'nextLink' | 'chunkSize'>,
): string {
  const body = createEntityEncoder(opts)(row);
  if ((opts.metadata ?? 'minimal') === 'none') return body;
  const ctx = `"@odata.context":${JSON.stringify(`${opts.contextUrl ?? defaultContextUrl(opts.serviceRoot, opts.entitySet, opts.properties)}/$entity`)}`;
  return body === '{}' ? `{${ctx}}` : `{${ctx},${body.slice(1)}`;
}
