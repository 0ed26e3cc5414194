import type { Logger } from 'pino';
import type { DemoProjects } from './demo-projects';

/**
 * Builds the public demo project at first start (later starts find it ready: one lookup), before the server
 * listens, so its feed answers from the first request: a visitor can point Power BI or Tableau at it before
 * signing up. A failure is logged, not fatal: "Create Demo Data" builds it on demand.
 */
export async function seedDemoProject(demo: DemoProjects, logger: Logger): Promise<void> {
  try {
    const { project, job } = await demo.ensureDemo();
    if (job) logger.info({ elements: project.elementCount }, 'demo project built');
  } catch (err) {
    logger.warn({ err }, 'the demo project could not be built at start; Create Demo Data will retry');
  }
}
