import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { errorBody, negotiateJson, ODataError, writeCsdlXml, writeServiceDocument } from '@aec/odata';
import { asAppError } from '../../errors/app-error';
import { isFeedRequest, ODATA_VERSION, routeStackOf } from '../../http/feed-requests';
import { preferredPageSize } from './next-link';
import type { ODataService } from './odata.service';
import { parseResourcePath } from './resource-path';

/** When a client told 503 (a set still being prepared) should ask again. */
const RETRY_AFTER_SECONDS = 5;

/** OData-Version on every response; a client that only speaks an older version is told so. */
const versionHeaders: RequestHandler = (req, res, next) => {
  res.set('OData-Version', ODATA_VERSION);
  const max = req.get('odata-maxversion');
  if (max && Number.parseFloat(max) < 4) {
    res
      .status(400)
      .json({ error: { code: 'UnsupportedVersion', message: 'This service speaks OData 4.0 only' } });
    return;
  }
  next();
};

const rawQueryOf = (req: Request) => {
  const q = req.originalUrl.indexOf('?');
  return q < 0 ? '' : req.originalUrl.slice(q + 1);
};

const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

/** The path below the service root: after `/projects/{projectId}` on a per-project root. */
const resourcePathOf = (req: Request) => req.path.replace(/^\/projects\/[^/]+/, '') || '/';

/** OData errors in the OData JSON shape, with the status the layer chose (400, 401, 404, 410, 501…). */
function sendError(res: Response, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // A response type chosen before the error (text/plain for /$count) must not label the error body.
  res.type('application/json').removeHeader('Preference-Applied');
  const appError = asAppError(err);
  if (appError) {
    res
      .set(appError.headers)
      .status(appError.status)
      .json({ error: { code: appError.code, message: appError.message } });
    return;
  }
  if (err instanceof ODataError) {
    const { status, body } = errorBody(err);
    // A 503 is a wait (the wide set being prepared, seconds): say when to ask again (RFC 9110 §10.2.3).
    if (status === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(status).json(body);
    return;
  }
  throw err;
}

/**
 * /api/ifc/odata/ (all readable projects) and /api/ifc/odata/projects/{projectId}/ (one project): service document,
 * $metadata, entity sets, /$count and entity by key.
 */
export function odataRouter(odata: ODataService, identify: RequestHandler): Router {
  const router = Router();
  // Reads only: the feed is GET (and HEAD). Other methods under this path belong to the IFC routes mounted after it
  // (the upload), which authenticate the app's way: a stale session's upload got the feed's 401 in the OData error
  // shape, whose message the connector could not show.
  router.get(/.*/, versionHeaders, identify);

  /**
   * Another method on a feed path: a path the feed does not serve (`$batch`, `foo/bar`) is the same 404 (or 400) as
   * for GET, whatever the method; on one it serves, the app's 405 with Allow (in the OData form, error-handler.ts).
   * The upload's and the demo's paths are left to their routes.
   */
  const otherMethods: RequestHandler = (req, res, next) => {
    if (!isFeedRequest(req.method, req.originalUrl.split('?')[0] ?? '/', routeStackOf(req.app)))
      return next();
    try {
      parseResourcePath(resourcePathOf(req));
    } catch (err) {
      res.set('OData-Version', ODATA_VERSION);
      sendError(res, err);
      return;
    }
    next();
  };

  const handle =
    (projectIdOf: (req: Request) => string | undefined, pathOf: (req: Request) => string): RequestHandler =>
    async (req, res) => {
      try {
        const projectId = projectIdOf(req);
        const base =
          projectId === undefined
            ? '/api/ifc/odata/'
            : `/api/ifc/odata/projects/${encodeURIComponent(projectId)}/`;
        const serviceRoot = `${originOf(req)}${base}`;
        const resource = parseResourcePath(pathOf(req));
        if (resource.kind === 'metadata') {
          // XML even when the client asked JSON for the data: BI tools read CSDL only as XML.
          res.type('application/xml').send(writeCsdlXml(await odata.modelFor(req.user, projectId)));
          return;
        }
        const format = typeof req.query.$format === 'string' ? req.query.$format : undefined;
        // /$count is text/plain: only a $format other than JSON is refused there.
        const { metadata, ieee754Compatible } = negotiateJson(
          format,
          resource.kind === 'count' ? undefined : req.get('accept'),
          req.get('content-type'),
        );
        if (resource.kind === 'service') {
          res
            .type('application/json;odata.metadata=minimal')
            .send(writeServiceDocument(await odata.modelFor(req.user, projectId), serviceRoot));
          return;
        }
        const feedReq = {
          user: req.user,
          projectId,
          entitySet: resource.entitySet,
          rawQuery: rawQueryOf(req),
          serviceRoot,
          metadata,
          ieee754Compatible,
          preferredPageSize: preferredPageSize(req.get('prefer')),
        };
        if (resource.kind === 'count') {
          res.type('text/plain').send(String(await odata.count(feedReq)));
          return;
        }
        // The response says how its numbers are written (OData JSON Format §3.2).
        const jsonType = `application/json;odata.metadata=${metadata}${ieee754Compatible ? ';IEEE754Compatible=true' : ''}`;
        if (resource.kind === 'entity') {
          const body = await odata.entity(feedReq, resource.key);
          if (body === null)
            throw new ODataError(404, 'NotFound', 'No entity with that key', undefined, resource.entitySet);
          res.type(jsonType).send(body);
          return;
        }
        res.status(200).type(`${jsonType};charset=utf-8`);
        // Preference-Applied names only what was honoured: a page larger than the server's is not applied.
        const applied = odata.appliedPageSize(feedReq.preferredPageSize);
        if (applied !== undefined) res.set('Preference-Applied', `odata.maxpagesize=${applied}`);
        await odata.writeCollection(feedReq, res);
        res.end();
      } catch (err) {
        sendError(res, err);
      }
    };

  // The router has already percent-decoded the captured project id; the rest of the path is parsed from the raw
  // path so that nothing is decoded twice.
  router.get(
    /^\/projects\/([^/]+)(\/.*)?$/,
    handle((req) => String(req.params[0]), resourcePathOf),
  );
  router.get(
    /^(\/.*)?$/,
    handle(
      () => undefined,
      (req) => req.path,
    ),
  );
  router.all(/.*/, otherMethods);
  // Errors raised while routing (an undecodable project id) get the OData error shape too.
  const routingErrors: ErrorRequestHandler = (err, _req, res, _next) => sendError(res, err);
  router.use(routingErrors);
  return router;
}
