import { decodeSkipToken } from '@aec/odata';
import { isChangeSet } from '../../store/feed-change-sets';
import type { FeedQuery, FeedReader, VisibleVersion } from '../../store/feed-types';
import { changeSetVersionsOf } from './change-set-versions';
import type { ExpandContext } from './expand-members';
import { contributing, pageTag } from './page-pin';
import { encodePins, pageVersions } from './snapshot-pins';

/** The versions one page reads and what its links carry (snapshot-pins.ts). */
export interface PageSnapshot {
  visible: VisibleVersion[];
  asOf: number;
  versionTag: string;
  pin: string | undefined;
  /** IFCChanges/IFCPropertyChanges: the change sets the page reads, exactly the versions it pinned. */
  changeSets: VisibleVersion[] | undefined;
  /** The published versions in the request's scope now, for expansions from a change set to the other sets. */
  inScope: VisibleVersion[];
}

/**
 * The versions a page of `entitySet` reads: a first page what its scope (`inScope`) reads now, a later one what
 * its link pinned (`skiptoken`, MAC-checked here, and refused on a set other than its own; its position is checked
 * against the tag by the caller). The change sets read every kept version's change set, not the published
 * versions: those are what their links pin.
 */
export async function pageSnapshot(opts: {
  entitySet: string;
  inScope: VisibleVersion[];
  skiptoken: string | undefined;
  tokenSecret: string;
  reader: Pick<FeedReader, 'heldVersions' | 'changeSetVersions'>;
}): Promise<PageSnapshot> {
  const { entitySet, inScope, skiptoken, tokenSecret, reader } = opts;
  const token =
    skiptoken === undefined
      ? undefined
      : decodeSkipToken(skiptoken, { secret: tokenSecret, version: (tag) => tag, entitySet });
  const changes = isChangeSet(entitySet);
  const readable = changes ? await changeSetVersionsOf(reader, inScope) : inScope;
  const paged = await pageVersions({ entitySet, readable, token, reader });
  return { ...paged, changeSets: changes ? paged.visible : undefined, inScope };
}

/** The scope fields of a store query (FeedQuery) reading a page's snapshot. */
export const snapshotScope = (
  snapshot: Pick<PageSnapshot, 'visible' | 'changeSets'>,
): Pick<FeedQuery, 'visible' | 'changeSets'> => ({
  visible: snapshot.visible,
  ...(snapshot.changeSets ? { changeSets: snapshot.changeSets } : {}),
});

/**
 * What expansions of a page read and how their next links are tagged: a change set's rows by change-set version
 * (read once per page, when an expansion reaches one), every other set's by published version.
 */
export function expandSnapshot(
  entitySet: string,
  snapshot: PageSnapshot,
  reader: Pick<FeedReader, 'changeSetVersions'>,
): Pick<ExpandContext, 'visibleFor' | 'linkTag'> {
  const fromChanges = isChangeSet(entitySet);
  let changeSets: Promise<VisibleVersion[]> | undefined;
  return {
    visibleFor: async (targetSet) => {
      if (!isChangeSet(targetSet)) return fromChanges ? snapshot.inScope : snapshot.visible;
      if (fromChanges) return snapshot.visible;
      return (changeSets ??= changeSetVersionsOf(reader, snapshot.visible));
    },
    linkTag: (target, projectId, visible) => {
      const pinned = contributing(
        target,
        visible.filter((v) => v.id === projectId),
      );
      return { v: pageTag(pinned, snapshot.asOf), p: encodePins(pinned) };
    },
  };
}
