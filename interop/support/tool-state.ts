import fs from 'node:fs';
import path from 'node:path';
import { STATE_FILE } from './paths';

export type ToolName = 'api' | 'ferretdb' | 'ifcopenshell' | 'olingo';

/** ready: use it; skip: the tool is not available on this machine (reason says why); error: it should be and is broken. */
export interface ToolStatus {
  status: 'ready' | 'skip' | 'error';
  reason?: string;
  /** e.g. the venv's python or the built jar. */
  path?: string;
  /** IfcOpenShell only: the schema names it can open. */
  schemas?: string[];
  ms: number;
}

export type ToolStates = Record<ToolName, ToolStatus>;

export function writeToolStates(states: ToolStates): void {
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(states, null, 2));
}

/** Read synchronously at module load, so a suite can choose describe or describe.skip before jest collects it. */
export function toolState(name: ToolName): ToolStatus {
  if (!fs.existsSync(STATE_FILE)) {
    return { status: 'error', reason: `${STATE_FILE} missing: run through interop/jest.config.js`, ms: 0 };
  }
  const states = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as Partial<ToolStates>;
  return states[name] ?? { status: 'error', reason: `no state recorded for ${name}`, ms: 0 };
}

/**
 * describe() when the tool is ready; describe.skip() titled with the reason when the machine lacks it.
 * A tool in 'error' state still runs its suite, whose beforeAll then fails loudly with the reason.
 */
export function describeWithTool(name: ToolName, title: string, body: (tool: ToolStatus) => void): void {
  const tool = toolState(name);
  if (tool.status === 'skip') {
    const reason = `skipped: ${name} unavailable: ${tool.reason ?? 'unknown reason'}`;
    console.warn(`[interop] ${title} — ${reason}`);
    describe.skip(`${title} — ${reason}`, () => {
      it('needs the tool', () => undefined);
    });
    return;
  }
  describe(title, () => {
    if (tool.status === 'error') {
      beforeAll(() => {
        throw new Error(`${name} preparation failed: ${tool.reason ?? 'unknown'}`);
      });
    }
    body(tool);
  });
}
