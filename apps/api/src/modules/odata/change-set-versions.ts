import type { FeedReader, VisibleVersion } from '../../store/feed-types';

/**
 * The change sets (IFCChanges, IFCPropertyChanges) the visible projects serve now, as the versions a change page
 * reads: one entry per (project, row version) with a complete change set, carrying its project's access and stamp.
 * A page link pins exactly these (snapshot-pins.ts), so a change set that completes during a pull is not read by it.
 */
export async function changeSetVersionsOf(
  reader: Pick<FeedReader, 'changeSetVersions'>,
  visible: readonly VisibleVersion[],
): Promise<VisibleVersion[]> {
  const projects = new Map<string, VisibleVersion>();
  for (const v of visible) if (!projects.has(v.id)) projects.set(v.id, v);
  const served = projects.size ? await reader.changeSetVersions([...projects.keys()]) : [];
  return served.map(({ id, version }) => {
    const { isPublic, stamp } = projects.get(id)!;
    return { id, version, isPublic, stamp };
  });
}
