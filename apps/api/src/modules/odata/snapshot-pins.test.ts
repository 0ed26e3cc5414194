import { ODataGoneError, ODataSkipTokenError } from '@aec/odata';
import type { VisibleVersion } from '../../store/feed-types';
import { decodePins, encodePins, pageVersions } from './snapshot-pins';

const project = (n: number, version: number): VisibleVersion => ({
  id: `proj_${n.toString(16).padStart(32, '0')}`,
  version,
  isPublic: false,
  stamp: 1_000 + n,
});

describe('snapshot pins', () => {
  const held = (pairs: readonly { id: string; version: number }[]) => ({
    heldVersions: async (asked: readonly { id: string; version: number }[]) =>
      asked.filter((a) => pairs.some((p) => p.id === a.id && p.version === a.version)),
  });

  it('round-trips versions per project, several models of one project included', () => {
    const pins = [project(1, 3), project(2, 300), { ...project(1, 1) }, project(3, 2 ** 40)];
    const groups = decodePins(encodePins(pins)!);
    expect(groups.map((g) => g.versions)).toEqual([[1, 3], [300], [2 ** 40]]);
  });

  it('stays compact: about 11 characters per project, and says when the root is too large for a link', () => {
    const many = Array.from({ length: 900 }, (_, i) => project(i, 1 + (i % 100)));
    expect(encodePins(many)!.length).toBeLessThanOrEqual(900 * 11);
    expect(encodePins(Array.from({ length: 1200 }, (_, i) => project(i, 1)))).toBeUndefined();
  });

  it.each(['AA', 'AAAAAAAA', 'AAAAAAAAgA'])('refuses a malformed pin segment %#', (text) => {
    expect(() => decodePins(text)).toThrow(ODataSkipTokenError);
  });

  it('a later page reads the pinned versions while held, and is gone with a refresh message after', async () => {
    const first = await pageVersions({
      entitySet: 'IFCElements',
      readable: [project(1, 1), project(2, 5)],
      token: undefined,
      reader: held([]),
    });
    const token = { v: first.versionTag, p: first.pin! };
    // Project 1 published version 2 since; project 3 is new.
    const now = [project(1, 2), project(2, 5), project(3, 1)];
    const later = await pageVersions({
      entitySet: 'IFCElements',
      readable: now,
      token,
      reader: held([project(1, 1)]),
    });
    expect(later.visible.map((v) => [v.id, v.version])).toEqual([
      [project(1, 1).id, 1],
      [project(2, 5).id, 5],
    ]);
    expect(later.versionTag).toBe(first.versionTag);
    await expect(
      pageVersions({ entitySet: 'IFCElements', readable: now, token, reader: held([]) }),
    ).rejects.toThrow(/refresh the report/);
    // A pinned project that is gone (deleted, or no longer readable by this caller).
    await expect(
      pageVersions({ entitySet: 'IFCElements', readable: [project(2, 5)], token, reader: held([]) }),
    ).rejects.toThrow(ODataGoneError);
  });

  it('on Projects, pins the ids and reads the records as they are now', async () => {
    const first = await pageVersions({
      entitySet: 'Projects',
      readable: [project(1, 0), project(2, 1)],
      token: undefined,
      reader: held([]),
    });
    const later = await pageVersions({
      entitySet: 'Projects',
      readable: [project(1, 1), project(2, 2), project(3, 1)],
      token: { v: first.versionTag, p: first.pin! },
      reader: held([]),
    });
    expect(later.visible.map((v) => [v.id, v.version])).toEqual([
      [project(1, 1).id, 1],
      [project(2, 2).id, 2],
    ]);
  });
});
