import type { ProjectModelRef } from '@aec/contracts';
import { formatDateTime } from '@/lib/format';

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
      /** For telling apart projects of the same name. */
      projectCreatedAt?: string;
      latestVersionNumber?: number | null;
    };
export type VersionChoice = Extract<UploadChoice, { kind: 'version' }>;

/** Every model of the user's projects (GET /api/ifc/projects lists only their own), in the list's order. */
export function modelChoices(
  projects: ReadonlyArray<{ projectId: string; name: string; createdAt?: string; models: ProjectModelRef[] }>,
): VersionChoice[] {
  return projects.flatMap((project) =>
    project.models.map((model) => ({
      kind: 'version' as const,
      projectId: project.projectId,
      projectName: project.name,
      modelId: model.modelId,
      modelName: model.name,
      fileName: model.fileName,
      projectCreatedAt: project.createdAt,
      latestVersionNumber: model.latestVersionNumber,
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

/**
 * The Model list's options: "<model> in <project>", and for names that would read alike (two projects of the same
 * name) the project's creation time and the model's latest version, then the end of the project id if still alike.
 */
export function choiceOptionLabels(choices: readonly VersionChoice[]): string[] {
  const countOf = (labels: string[]) => (label: string) => labels.filter((other) => other === label).length;
  const plain = choices.map((choice) => `${choice.modelName} in ${choice.projectName}`);
  const plainCount = countOf(plain);
  const dated = choices.map((choice, i) => {
    const label = plain[i]!;
    if (plainCount(label) < 2) return label;
    const details = [
      choice.projectCreatedAt ? `project created ${formatDateTime(choice.projectCreatedAt)}` : null,
      choice.latestVersionNumber ? `v${choice.latestVersionNumber}` : null,
    ].filter(Boolean);
    return details.length ? `${label} (${details.join(', ')})` : label;
  });
  const datedCount = countOf(dated);
  return dated.map((label, i) =>
    datedCount(label) < 2 ? label : `${label} · id …${choices[i]!.projectId.slice(-6)}`,
  );
}
