import fs from 'node:fs';
import path from 'node:path';
import type { Account } from './api-session';

/** The parts of GET /api/ifc/projects/:id/models the interop suites read. */
export interface ProjectModels {
  projectId: string;
  models: Array<{
    modelId: string;
    name: string;
    versions: Array<{ number: number; status: string; changes: { status: string } | null }>;
  }>;
}

async function json<T>(res: Response, what: string): Promise<T> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as T;
}

function form(file: string, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('ifcFile', new Blob([fs.readFileSync(file)]), path.basename(file));
  return data;
}

/** POST …/models?wait=true: a new model with `file` as its version 1. */
export async function addModel(
  base: string,
  account: Account,
  projectId: string,
  file: string,
  name: string,
) {
  const res = await fetch(`${base}/api/ifc/projects/${projectId}/models?wait=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.bearer}` },
    body: form(file, { name }),
  });
  return json<{ success: boolean; modelId: string; versionNumber: number }>(res, `add model ${name}`);
}

/** POST …/models/:modelId/versions?wait=true: the next version of a model. */
export async function addVersion(
  base: string,
  account: Account,
  projectId: string,
  modelId: string,
  file: string,
) {
  const res = await fetch(`${base}/api/ifc/projects/${projectId}/models/${modelId}/versions?wait=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.bearer}` },
    body: form(file),
  });
  return json<{ success: boolean; modelId: string; versionNumber: number }>(res, 'add version');
}

export async function renameModel(
  base: string,
  account: Account,
  projectId: string,
  modelId: string,
  name: string,
) {
  const res = await fetch(`${base}/api/ifc/projects/${projectId}/models/${modelId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${account.bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return json<unknown>(res, `rename model to ${name}`);
}

export async function projectModels(
  base: string,
  account: Account,
  projectId: string,
): Promise<ProjectModels> {
  const res = await fetch(`${base}/api/ifc/projects/${projectId}/models`, {
    headers: { authorization: `Bearer ${account.bearer}` },
  });
  return json<ProjectModels>(res, 'project models');
}

/** Waits until every version with a predecessor has its changes computed (they follow "ready"). */
export async function waitForChanges(base: string, account: Account, projectId: string): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    const { models } = await projectModels(base, account, projectId);
    const pending = models
      .flatMap((m) => m.versions)
      .filter((v) => v.changes && v.changes.status !== 'ready');
    if (pending.some((v) => v.changes?.status === 'failed')) throw new Error('a change computation failed');
    if (!pending.length) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('changes still pending after 60 s');
}
