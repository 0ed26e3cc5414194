import type { Config } from '../config/env';

/** Issue 16: what one instance of the server does (ROLE). SQLite only ever runs `all`; env.ts refuses the others. */
export type InstanceRole = Config['ROLE'];

/** `api` and `all` serve the HTTP API and the web app; a `worker` answers only /health. */
export const servesHttp = (role: InstanceRole): boolean => role !== 'worker';

/** `worker` and `all` process jobs and run the after-publish and superseded-sweep work; an `api` instance does none. */
export const processesJobs = (role: InstanceRole): boolean => role !== 'api';
