import type { ProjectModelRef } from '@aec/contracts';

/** Where the connector sends the chosen file: a new project, or a new version of one of the user's models. */
export type UploadChoice =
  | { kind: 'new' }
  | {
      kind: 'version';
      projectId: string;
      projectName: string;
      modelId: string;
      modelName: string;
      fileName: string;
    };
export type VersionChoice = Extract<UploadChoice, { kind: 'version' }>;

/** Every model of the user's projects (GET /api/ifc/projects lists only their own), in the list's order. */
export function modelChoices(
  projects: ReadonlyArray<{ projectId: string; name: string; models: ProjectModelRef[] }>,
): VersionChoice[] {
  return projects.flatMap((project) =>
    project.models.map((model) => ({
      kind: 'version' as const,
      projectId: project.projectId,
      projectName: project.name,
      modelId: model.modelId,
      modelName: model.name,
      fileName: model.fileName,
    })),
  );
}

/**
 * A file named like a model's latest file is most likely its next revision (exports keep their name week after
 * week): that model is the default; anything else starts a new project, as before models existed.
 */
export function defaultTarget(fileName: string, choices: readonly VersionChoice[]): UploadChoice {
  const name = fileName.toLowerCase();
  return choices.find((choice) => choice.fileName.toLowerCase() === name) ?? { kind: 'new' };
}

export function targetLabel(choice: UploadChoice): string {
  return choice.kind === 'new'
    ? 'New project'
    : `New version of ${choice.modelName} in ${choice.projectName}`;
}
