import {
  downloadFileName,
  uploadLimitsOf,
  type ProcessingRate,
  type ProjectListResponse,
  type UploadAccepted,
  type UploadLimits,
} from '@aec/contracts';
import { Router, type Request, type RequestHandler } from 'express';
import { currentUser } from '../auth/require-auth';
import { failedJobError } from './failed-job-error';
import { elementColumnNames } from '../../store/row-columns';
import { csvLine, UTF8_BOM } from './csv';
import { powerBiConnectionFile, tableauConnectionFile } from './connection-files';
import { feedUrls, jobSummary, projectSummary, uploadResult } from './ifc-responses';
import type { IfcService } from './ifc.service';
import type { DemoProjects } from './demo/demo-projects';
import { streamJobEvents } from './jobs/job-event-stream';
import { modelsRouter } from './models/models.router';
import type { JobEvents } from './jobs/job-events';
import type { UploadReceiver } from './upload/receive-upload';
import { refuseBadWait, waitRequested } from './upload/wait-param';
import type { UsageCounter } from '../stats/usage-counter';

export interface IfcRouterDeps {
  ifc: IfcService;
  demo: DemoProjects;
  events: JobEvents;
  receiveUpload: UploadReceiver;
  authenticate: RequestHandler;
  identify: RequestHandler;
  usage: UsageCounter;
  /** MAX_UPLOAD_MB, stated to the connector by GET /limits. */
  maxUploadMb: number;
}

const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

export function ifcRouter({
  ifc,
  demo,
  events,
  receiveUpload,
  authenticate,
  identify,
  usage,
  maxUploadMb,
}: IfcRouterDeps): Router {
  const router = Router();

  router.get('/limits', (_req, res) => {
    res.json(uploadLimitsOf(maxUploadMb) satisfies UploadLimits);
  });

  router.post('/odata/upload', authenticate, refuseBadWait(receiveUpload), async (req, res) => {
    const file = await receiveUpload(req, res, ifc.prepareForUpload());
    const { project, job } = await ifc.acceptUpload(currentUser(req), file);
    const origin = originOf(req);
    if (!waitRequested(req)) {
      res.status(202).json({
        success: true,
        message: 'Upload received; processing started',
        projectId: project.id,
        jobId: job.id,
        status: 'queued',
        eventsUrl: `/api/ifc/jobs/${job.id}/events`,
        ...feedUrls(origin, project.id),
      } satisfies UploadAccepted);
      return;
    }
    const done = await ifc.waitForJob(job.id);
    if (done.job.status === 'ready' && done.project) {
      res.json(uploadResult(origin, done.project, done.job));
      return;
    }
    throw failedJobError(done.job, { projectId: project.id, jobId: job.id });
  });

  for (const path of ['/odata/create-sample', '/odata/create-demo']) {
    router.post(path, identify, async (req, res) => {
      const { project, job } = await demo.ensureDemo();
      // Only a signed-in user who asked for the demo sees it in their own feed root (anyone can read it by name).
      if (req.user) await demo.addToRoot(req.user.id);
      res.json(uploadResult(originOf(req), project, job, true));
    });
  }

  router.get('/processing-rate', authenticate, async (_req, res) => {
    res.json((await ifc.processingRate()) satisfies ProcessingRate);
  });

  router.get('/projects', authenticate, async (req, res) => {
    const projects = await ifc.listProjects(currentUser(req));
    const summaries = await Promise.all(
      projects.map(async (p) => projectSummary(p, await ifc.modelsInfoOf(p), null, await ifc.wideSetOf(p))),
    );
    res.json({ projects: summaries } satisfies ProjectListResponse);
  });
  router.get('/projects/:projectId', identify, async (req, res) => {
    const project = await ifc.getProject(req.user, String(req.params.projectId));
    res.json(projectSummary(project, await ifc.modelsInfoOf(project), null, await ifc.wideSetOf(project)));
  });
  router.delete('/projects/:projectId', authenticate, async (req, res) => {
    await ifc.deleteProject(currentUser(req), String(req.params.projectId));
    res.json({ success: true, message: 'Project deleted' });
  });
  router.get('/projects/:projectId/elements.csv', identify, async (req, res) => {
    const project = await ifc.getProject(req.user, String(req.params.projectId));
    usage.count('export', req.user?.id ?? null, project.id);
    res
      .status(200)
      .attachment(downloadFileName(project.name, '-elements.csv'))
      .set('Content-Type', 'text/csv; charset=utf-8');
    const columns = ['Id', 'ProjectId', ...elementColumnNames];
    res.write(UTF8_BOM + csvLine(columns));
    for await (const row of ifc.elementRows(project)) {
      const record = row as unknown as Record<string, unknown>;
      if (!res.write(csvLine(columns.map((c) => record[c])))) await new Promise((r) => res.once('drain', r));
      if (res.destroyed) return;
    }
    res.end();
  });

  router.get('/projects/:projectId/connect.pbids', identify, async (req, res) => {
    const project = await ifc.getProject(req.user, String(req.params.projectId));
    res
      .attachment(downloadFileName(project.name, '.pbids'))
      .type('application/json')
      .send(powerBiConnectionFile(feedUrls(originOf(req), project.id).odataUrl));
  });
  router.get('/projects/:projectId/connect.tds', identify, async (req, res) => {
    const project = await ifc.getProject(req.user, String(req.params.projectId));
    res
      .attachment(downloadFileName(project.name, '.tds'))
      .type('application/xml')
      .send(
        tableauConnectionFile(project.name, feedUrls(originOf(req), project.id), req.user?.username ?? null),
      );
  });

  router.use(modelsRouter({ ifc, receiveUpload, authenticate, identify, originOf }));

  router.get('/jobs/:jobId', identify, async (req, res) => {
    const job = await ifc.getJob(req.user, String(req.params.jobId));
    res.json(jobSummary(job, await ifc.jobTarget(job)));
  });
  router.get('/jobs/:jobId/events', identify, async (req, res) => {
    await streamJobEvents(req, res, events, await ifc.getJob(req.user, String(req.params.jobId)));
  });
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    router.post(`/jobs/:jobId/${action}`, authenticate, async (req, res) => {
      const job = await ifc.controlJob(currentUser(req), String(req.params.jobId), action);
      res.json(jobSummary(job, await ifc.jobTarget(job)));
    });
  }
  return router;
}
