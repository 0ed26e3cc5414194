import type { VersionDto } from '@aec/contracts';
import { isVersionRunning, versionActions, versionFacts } from './version-facts';

const version = (over: Partial<VersionDto>): VersionDto => ({
  number: 1,
  fileName: 'tower.ifc',
  fileSize: 2_500_000,
  uploadedBy: 'ada',
  uploadedAt: '2026-11-20T10:00:00.000Z',
  status: 'ready',
  error: null,
  schema: 'IFC4',
  elementCount: 1234,
  propertyCount: 9000,
  spatialCount: 12,
  processedAt: '2026-11-20T10:00:05.000Z',
  processingMs: 4200,
  isLatest: false,
  retained: true,
  jobId: 'j1',
  warnings: [],
  changes: null,
  ...over,
});

describe('a version in the history', () => {
  it('lets the owner roll back to and delete an older ready, retained version', () => {
    expect(versionActions(version({}), true)).toEqual({ rollback: true, delete: true });
  });

  it('never offers to delete or roll back to the latest version', () => {
    expect(versionActions(version({ isLatest: true }), true)).toEqual({ rollback: false, delete: false });
  });

  it('cannot roll back to a version whose rows retention removed, or one that never became ready', () => {
    expect(versionActions(version({ retained: false }), true)).toEqual({ rollback: false, delete: true });
    expect(versionActions(version({ status: 'failed' }), true)).toEqual({ rollback: false, delete: true });
  });

  it('leaves a version still processing alone (its job can be cancelled instead)', () => {
    for (const status of ['queued', 'processing', 'paused'] as const) {
      expect(isVersionRunning(version({ status }))).toBe(true);
      expect(versionActions(version({ status }), true)).toEqual({ rollback: false, delete: false });
    }
  });

  it('offers nothing to someone who does not own the project', () => {
    expect(versionActions(version({}), false)).toEqual({ rollback: false, delete: false });
  });

  it('lists every fact the history shows, with a dash for what is unknown', () => {
    const facts = Object.fromEntries(
      versionFacts(version({ uploadedBy: null, schema: null })).map((f) => [f.label, f.value]),
    );
    expect(facts).toMatchObject({
      File: 'tower.ifc',
      Size: '2.38 MB',
      'Uploaded by': '—',
      Elements: '1,234',
      Schema: '—',
      'Processing time': '4.2 s',
    });
    expect(facts['Uploaded']).not.toBe('—');
  });
});
