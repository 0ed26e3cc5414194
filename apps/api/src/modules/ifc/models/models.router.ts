import type { ProjectModelsResponse, VersionUploadAccepted, VersionUploadResult } from '@aec/contracts';
import fs from 'node:fs/promises';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { failedJobError } from '../failed-job-error';
import { currentUser } from '../../auth/require-auth';
import { feedUrls, projectSummary, uploadResult } from '../ifc-responses';
import type { IfcService } from '../ifc.service';
import type { ReceivedFile, UploadReceiver } from '../upload/receive-upload';
import { refuseBadWait, waitRequested } from '../upload/wait-param';

export interface ModelsRouterDeps {
  ifc: IfcService;
  receiveUpload: UploadReceiver;
  authenticate: RequestHandler;
  identify: RequestHandler;
  originOf: (req: Request) => string;
}

const param = (req: Request, name: string) => String(req.params[name]);

/** The routes of a project's models and versions (issue 15), under /api/ifc/projects/:projectId. */
export function modelsRouter({
  ifc,
  receiveUpload,
  authenticate,
  identify,
  originOf,
}: ModelsRouterDeps): Router {
  const router = Router();
  const { models } = ifc;

  /** Answers an accepted version upload as the upload route does, plus which model and version it became. */
  async function answerUpload(
    req: Request,
    res: Response,
    started: Awaited<ReturnType<typeof models.addVersion>>,
  ) {
    const { project, model, version, job } = started;
    const target = { modelId: model.id, versionNumber: version.number };
    const origin = originOf(req);
    if (!waitRequested(req)) {
      res.status(202).json({
        success: true,
        message: `Upload received; processing version ${version.number} of ${model.name}`,
        projectId: project.id,
        jobId: job.id,
        status: 'queued',
        eventsUrl: `/api/ifc/jobs/${job.id}/events`,
        ...feedUrls(origin, project.id),
        ...target,
      } satisfies VersionUploadAccepted);
      return;
    }
    const done = await ifc.waitForJob(job.id);
    const built = await models.findVersion(project.id, version.version);
    if (done.job.status === 'ready' && done.project && built) {
      // The answer describes this version, not the sums over the project's models.
      const asBuilt = {
        ...done.project,
        elementCount: built.elementCount,
        schema: built.schema,
        countsByType: built.countsByType,
      };
      res.json({ ...uploadResult(origin, asBuilt, done.job), ...target } satisfies VersionUploadResult);
      return;
    }
    throw failedJobError(done.job, { projectId: project.id, jobId: job.id, ...target });
  }

  /**
   * Receives an upload for the project (or model) once the caller may make it. Anyone else gets the 404 the other
   * project routes answer, whatever the body held: it is read to its end and thrown away, never kept.
   */
  async function receiveFor(req: Request, res: Response, modelId?: string): Promise<ReceivedFile> {
    const denied = await models.assertCanUpload(currentUser(req), param(req, 'projectId'), modelId).then(
      () => null,
      (err: unknown) => err,
    );
    if (denied) {
      const file = await receiveUpload(req, res).catch(() => null);
      if (file) await fs.rm(file.path, { force: true });
      throw denied;
    }
    return receiveUpload(req, res, ifc.prepareForUpload());
  }

  router.get('/projects/:projectId/models', identify, async (req, res) => {
    res.json((await models.list(req.user, param(req, 'projectId'))) satisfies ProjectModelsResponse);
  });

  router.post('/projects/:projectId/models', authenticate, refuseBadWait(receiveUpload), async (req, res) => {
    const file = await receiveFor(req, res);
    const started = await models.addModel(currentUser(req), param(req, 'projectId'), file, file.fields);
    await answerUpload(req, res, started);
  });

  router.post(
    '/projects/:projectId/models/:modelId/versions',
    authenticate,
    refuseBadWait(receiveUpload),
    async (req, res) => {
      const file = await receiveFor(req, res, param(req, 'modelId'));
      const started = await models.addVersion(
        currentUser(req),
        param(req, 'projectId'),
        param(req, 'modelId'),
        file,
      );
      await answerUpload(req, res, started);
    },
  );

  router.patch('/projects/:projectId/models/:modelId', authenticate, async (req, res) => {
    res.json(await models.rename(currentUser(req), param(req, 'projectId'), param(req, 'modelId'), req.body));
  });

  router.delete('/projects/:projectId/models/:modelId', authenticate, async (req, res) => {
    await models.deleteModel(currentUser(req), param(req, 'projectId'), param(req, 'modelId'));
    res.json({ success: true, message: 'Model deleted' });
  });

  router.delete('/projects/:projectId/models/:modelId/versions/:number', authenticate, async (req, res) => {
    res.json(
      await models.deleteVersion(
        currentUser(req),
        param(req, 'projectId'),
        param(req, 'modelId'),
        param(req, 'number'),
      ),
    );
  });

  router.post(
    '/projects/:projectId/models/:modelId/versions/:number/rollback',
    authenticate,
    async (req, res) => {
      res.json(
        await models.rollback(
          currentUser(req),
          param(req, 'projectId'),
          param(req, 'modelId'),
          param(req, 'number'),
        ),
      );
    },
  );

  router.patch('/projects/:projectId', authenticate, async (req, res) => {
    const project = await models.updateSettings(currentUser(req), param(req, 'projectId'), req.body);
    res.json(projectSummary(project, await ifc.modelsInfoOf(project), null, await ifc.wideSetOf(project)));
  });

  return router;
}
