import type { ProjectModelRef } from '@aec/contracts';
import { projectPagePath } from '@/config/app-paths';

export type UploadEntry = { kind: 'upload'; modelId: string } | { kind: 'page'; href: string };

/**
 * Where Data Sources' "Upload new version" goes: a one-model project takes the file right there; with several models
 * the question "a version of which model?" is answered on the project page, where each model has its own button.
 */
export function uploadEntryFor(project: { projectId: string; models: ProjectModelRef[] }): UploadEntry {
  const [only, ...others] = project.models;
  if (only && others.length === 0) return { kind: 'upload', modelId: only.modelId };
  return { kind: 'page', href: projectPagePath(project.projectId) };
}
