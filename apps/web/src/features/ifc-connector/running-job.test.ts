import type { ProjectModelsResponse, ProjectSummary, VersionDto } from '@aec/contracts';
import { projectsToSearch, runningVersion } from './running-job';

const project = (
  projectId: string,
  status: ProjectSummary['status'],
  createdAt: string,
  runningVersionNumber: number | null = null,
) =>
  ({
    projectId,
    status,
    createdAt,
    models: [
      {
        modelId: `${projectId}-m`,
        name: 'M',
        latestVersionNumber: 1,
        fileName: 'M.ifc',
        runningVersionNumber,
      },
    ],
  }) as ProjectSummary;
const version = (number: number, status: VersionDto['status'], jobId: string | null, uploadedAt: string) =>
  ({ number, status, jobId, uploadedAt, fileName: `v${number}-Bürogebäude.ifc` }) as VersionDto;
const history = (...versions: VersionDto[]): ProjectModelsResponse =>
  ({
    projectId: 'p',
    retention: null,
    models: [{ modelId: 'm', name: 'M', createdAt: '', latestVersionNumber: 1, versions }],
  }) as ProjectModelsResponse;

describe('finding the connector’s running job again', () => {
  const projects = [
    project('p_old', 'processing', '2026-01-01T00:00:00Z'),
    project('p_ready', 'ready', '2026-01-02T00:00:00Z'),
    project('p_new', 'paused', '2026-01-03T00:00:00Z'),
    project('p_failed', 'failed', '2026-01-04T00:00:00Z'),
  ];

  it('looks in the remembered project first, then the projects still being built, newest first', () => {
    expect(projectsToSearch(projects, 'p_ready')).toEqual(['p_ready', 'p_new', 'p_old']);
    expect(projectsToSearch(projects, null)).toEqual(['p_new', 'p_old']);
  });

  it('also looks in a published project processing a new version of a model, uploaded elsewhere', () => {
    const withVersion = [...projects, project('p_v2', 'ready', '2026-01-05T00:00:00Z', 2)];
    expect(projectsToSearch(withVersion, null)).toEqual(['p_v2', 'p_new', 'p_old']);
    expect(projectsToSearch(withVersion, 'p_old')).toEqual(['p_old', 'p_v2', 'p_new']);
  });

  it('ignores a remembered id that is not one of the user’s own projects', () => {
    expect(projectsToSearch(projects, 'p_someone_else')).toEqual(['p_new', 'p_old']);
    expect(projectsToSearch([], 'p_ready')).toEqual([]);
  });

  it('takes the newest running version with a job, and none when every version has ended', () => {
    expect(
      runningVersion(
        history(
          version(3, 'queued', 'job_3', '2026-01-03T00:00:00Z'),
          version(2, 'processing', 'job_2', '2026-01-02T00:00:00Z'),
          version(1, 'ready', 'job_1', '2026-01-01T00:00:00Z'),
        ),
      ),
    ).toEqual({ jobId: 'job_3', fileName: 'v3-Bürogebäude.ifc', uploadedAt: '2026-01-03T00:00:00Z' });
    expect(
      runningVersion(history(version(2, 'paused', null, 'x'), version(1, 'ready', 'job_1', 'y'))),
    ).toBeNull();
    expect(runningVersion(history(version(1, 'cancelled', 'job_1', 'y')))).toBeNull();
  });
});
