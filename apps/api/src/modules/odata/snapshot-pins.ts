import { createHash } from 'node:crypto';
import { MAX_SKIP_TOKEN_PIN_CHARS, ODataGoneError, ODataSkipTokenError } from '@aec/odata';
import type { FeedReader, VisibleVersion } from '../../store/feed-types';
import { asOfTag, contributing, isRecordSet, newestStamp, pageTag, pinnedTo } from './page-pin';

/**
 * Snapshot reads (issue 19.2): a page link names the exact (project, row version) pairs its first page read, and
 * later pages read those versions — not the ones published since — while the store still holds their rows (a
 * superseded version is kept for the snapshot window, SNAPSHOT_GRACE_MINUTES). The pairs travel in the skip token's
 * pin segment, under its MAC, tersely: per project a 6-byte fingerprint of its id and its versions as varints
 * (about 11 characters per single-model project, so the all-projects root of ~900 projects still fits). A later
 * page maps fingerprints back to the projects the caller can read now; the page tag's hash over the exact
 * `id:version` list (page-pin.ts) then proves the mapping, so a fingerprint collision can only ever answer 410.
 */

export const SNAPSHOT_GONE_MESSAGE =
  'This page belongs to a model version that has since been replaced or removed; refresh the report to read the current version.';

const FINGERPRINT_BYTES = 6;

const fingerprint = (id: string) =>
  createHash('sha256').update(id).digest().subarray(0, FINGERPRINT_BYTES).toString('hex');

function writeVarint(out: number[], n: number): void {
  let rest = n;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** The versions per project id, ids sorted, versions ascending. */
function grouped(pinned: readonly { id: string; version: number }[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const v of [...pinned].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.version - b.version))) {
    const versions = groups.get(v.id);
    if (!versions) groups.set(v.id, [v.version]);
    else if (versions[versions.length - 1] !== v.version) versions.push(v.version);
  }
  return groups;
}

/** The pin segment for these versions, or undefined when it would not fit a link (then the tag alone pins). */
export function encodePins(pinned: readonly { id: string; version: number }[]): string | undefined {
  const bytes: number[] = [];
  for (const [id, versions] of grouped(pinned)) {
    bytes.push(...Buffer.from(fingerprint(id), 'hex'));
    writeVarint(bytes, versions.length);
    for (const version of versions) writeVarint(bytes, version);
  }
  const text = Buffer.from(bytes).toString('base64url');
  return text.length <= MAX_SKIP_TOKEN_PIN_CHARS ? text : undefined;
}

export interface PinGroup {
  fingerprint: string;
  versions: number[];
}

export function decodePins(text: string): PinGroup[] {
  const bytes = Buffer.from(text, 'base64url');
  const groups: PinGroup[] = [];
  let at = 0;
  const varint = () => {
    let n = 0;
    for (let scale = 1; ; scale *= 0x80) {
      if (at >= bytes.length || scale > 2 ** 49) throw new ODataSkipTokenError('Malformed skip token');
      const b = bytes[at++]!;
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
    }
  };
  while (at < bytes.length) {
    if (at + FINGERPRINT_BYTES > bytes.length) throw new ODataSkipTokenError('Malformed skip token');
    const fp = bytes.subarray(at, at + FINGERPRINT_BYTES).toString('hex');
    at += FINGERPRINT_BYTES;
    const count = varint();
    if (count < 1 || count > bytes.length) throw new ODataSkipTokenError('Malformed skip token');
    groups.push({ fingerprint: fp, versions: Array.from({ length: count }, varint) });
  }
  return groups;
}

/**
 * The versions a later page reads: the pinned pairs, each of a project the caller can still read (`readable`, the
 * request's current scope) and whose rows the store still holds; otherwise the link is gone (410, refresh). On
 * Projects, Models and Versions the records are read as they are now (they are not versioned); only their projects
 * are pinned. On the change sets the pinned versions are those whose change set the first page read.
 * `pinned` is what the first page read, for the page tag.
 */
export async function resolvePins(
  groups: readonly PinGroup[],
  entitySet: string,
  readable: readonly VisibleVersion[],
  reader: Pick<FeedReader, 'heldVersions'>,
): Promise<{ pinned: VisibleVersion[]; read: VisibleVersion[] }> {
  const byFingerprint = new Map<string, string[]>();
  for (const id of new Set(readable.map((v) => v.id))) {
    const fp = fingerprint(id);
    byFingerprint.set(fp, [...(byFingerprint.get(fp) ?? []), id]);
  }
  const current = new Map<string, VisibleVersion[]>();
  for (const v of readable) current.set(v.id, [...(current.get(v.id) ?? []), v]);
  const pinned: VisibleVersion[] = [];
  const superseded: { id: string; version: number }[] = [];
  for (const group of groups) {
    const ids = byFingerprint.get(group.fingerprint);
    // A project deleted or no longer readable, or (about 1 in 2^48) two readable projects sharing a fingerprint.
    if (ids?.length !== 1) throw new ODataGoneError(SNAPSHOT_GONE_MESSAGE);
    const entries = current.get(ids[0]!)!;
    for (const version of group.versions) {
      const now = entries.find((v) => v.version === version);
      const { id, isPublic, stamp } = entries[0]!;
      pinned.push(now ?? { id, version, isPublic, stamp });
      if (!now && !isRecordSet(entitySet)) superseded.push({ id: ids[0]!, version });
    }
  }
  if (superseded.length) {
    const held = new Set((await reader.heldVersions(superseded)).map((v) => `${v.id}:${v.version}`));
    if (superseded.some((v) => !held.has(`${v.id}:${v.version}`)))
      throw new ODataGoneError(SNAPSHOT_GONE_MESSAGE);
  }
  const read = isRecordSet(entitySet) ? readable.filter((v) => pinned.some((p) => p.id === v.id)) : pinned;
  return { pinned, read };
}

/**
 * The versions a page reads, its link tag and pin segment. A first page reads what is published now; a later one
 * what its link pinned (or, for a link without pairs, the projects stamped no later than its tag's `asOf`).
 */
export async function pageVersions(opts: {
  entitySet: string;
  /** Every version the request's scope can read now. */
  readable: VisibleVersion[];
  /** The link's decoded (MAC-checked) token, on a later page. */
  token: { v: string | number; p?: string } | undefined;
  reader: Pick<FeedReader, 'heldVersions'>;
}): Promise<{ visible: VisibleVersion[]; asOf: number; versionTag: string; pin: string | undefined }> {
  const { entitySet, readable, token, reader } = opts;
  const published = contributing(entitySet, readable);
  if (!token) {
    const asOf = newestStamp(published);
    return { visible: published, asOf, versionTag: pageTag(published, asOf), pin: encodePins(published) };
  }
  const asOf = asOfTag(token.v);
  let pinned: VisibleVersion[];
  let visible: VisibleVersion[];
  if (token.p !== undefined) {
    ({ pinned, read: visible } = await resolvePins(decodePins(token.p), entitySet, readable, reader));
  } else {
    pinned = visible = pinnedTo(published, asOf);
  }
  const versionTag = pageTag(pinned, asOf);
  if (versionTag !== token.v) throw new ODataGoneError(SNAPSHOT_GONE_MESSAGE);
  return { visible, asOf, versionTag, pin: token.p };
}
