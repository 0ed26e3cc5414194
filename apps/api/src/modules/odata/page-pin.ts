import { createHash } from 'node:crypto';
import type { VisibleVersion } from '../../store/feed-types';

/**
 * A page link depends only on the data it pages (so an upload or deletion of an unrelated project never breaks a
 * running BI refresh). Its tag is `<asOf>.<hash>`: `asOf` is the newest stamp among the project versions the
 * first page read, and the hash covers the versions stamped no later than that. A later page reads only those
 * projects: a project published or created after the first page is left out (the pull stays one snapshot), and a
 * re-processed or deleted project that the pull reads changes the hash, so the link answers 410.
 */

/** Versions whose rows a set can return: every project for Projects, published versions for the row sets. */
export function contributing(entitySet: string, visible: VisibleVersion[]): VisibleVersion[] {
  return entitySet === 'Projects' ? visible : visible.filter((v) => v.version > 0);
}

export function newestStamp(visible: readonly VisibleVersion[]): number {
  return visible.reduce((max, v) => Math.max(max, v.stamp), 0);
}

/** The versions a later page of a link tagged `asOf` reads. */
export function pinnedTo(visible: VisibleVersion[], asOf: number): VisibleVersion[] {
  return visible.filter((v) => v.stamp <= asOf);
}

export function pageTag(pinned: readonly VisibleVersion[], asOf: number): string {
  const hash = createHash('sha256')
    .update(pinned.map((v) => `${v.id}:${v.version}`).join(','))
    .digest('base64url')
    .slice(0, 16);
  return `${asOf}.${hash}`;
}

/** The `asOf` of a tag this service issued (tags are MAC-protected), or -1 for any other (then 410). */
export function asOfTag(tag: string | number): number {
  const asOf = typeof tag === 'string' ? Number(tag.slice(0, tag.indexOf('.'))) : NaN;
  return Number.isSafeInteger(asOf) ? asOf : -1;
}
