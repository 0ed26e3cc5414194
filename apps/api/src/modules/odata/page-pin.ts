import { createHash } from 'node:crypto';
import type { VisibleVersion } from '../../store/feed-types';
import { PROJECT_LEVEL_SETS } from '../../store/feed-model';

/**
 * A page link depends only on the data it pages (so an upload or deletion of an unrelated project never breaks a
 * running BI refresh). Its tag is `<asOf>.<hash>`: `asOf` is the newest stamp among the project versions the
 * first page read, and the hash covers exactly those (project, version) pairs. The pairs themselves travel in the
 * link (snapshot-pins.ts), so later pages read the versions the first page read even after a newer one was
 * published. A first page whose pairs would not fit a link (a root of about 900 projects or more) issues the tag
 * alone: its later pages read the projects stamped no later than `asOf` at their current versions and answer 410
 * when one of those changed.
 */

/**
 * Sets of records rather than of a version's rows (Projects, Models, Versions): a link pins their projects only and
 * reads the records as they are now, so a publish, rollback or pruned version never breaks it.
 */
export const isRecordSet = (entitySet: string): boolean => PROJECT_LEVEL_SETS.has(entitySet);

/**
 * Versions whose rows a set can return: every project for the record sets, published versions for the row sets,
 * and for the change sets the versions whose change set they serve (the caller lists those, change-set-versions.ts).
 */
export function contributing(entitySet: string, visible: VisibleVersion[]): VisibleVersion[] {
  return isRecordSet(entitySet) ? visible : visible.filter((v) => v.version > 0);
}

export function newestStamp(visible: readonly VisibleVersion[]): number {
  return visible.reduce((max, v) => Math.max(max, v.stamp), 0);
}

/** The versions a later page of a link tagged `asOf` reads when the link carries no pairs. */
export function pinnedTo(visible: VisibleVersion[], asOf: number): VisibleVersion[] {
  return visible.filter((v) => v.stamp <= asOf);
}

export function pageTag(pinned: readonly VisibleVersion[], asOf: number): string {
  const pairs = pinned
    .map((v) => `${v.id}:${v.version}`)
    .sort()
    .filter((pair, i, all) => pair !== all[i - 1]);
  const hash = createHash('sha256').update(pairs.join(',')).digest('base64url').slice(0, 16);
  return `${asOf}.${hash}`;
}

/** The `asOf` of a tag this service issued (tags are MAC-protected), or -1 for any other (then 410). */
export function asOfTag(tag: string | number): number {
  const asOf = typeof tag === 'string' ? Number(tag.slice(0, tag.indexOf('.'))) : NaN;
  return Number.isSafeInteger(asOf) ? asOf : -1;
}
