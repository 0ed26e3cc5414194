/**
 * The routes of a project's models and versions (issue 15), spelled once: the connector and the project page both
 * upload versions, and every fetcher of the models feature builds its URL here.
 */
const enc = encodeURIComponent;

export const modelsPath = (projectId: string) => `/api/ifc/projects/${enc(projectId)}/models`;

export const modelPath = (projectId: string, modelId: string) => `${modelsPath(projectId)}/${enc(modelId)}`;

export const versionsPath = (projectId: string, modelId: string) =>
  `${modelPath(projectId, modelId)}/versions`;

export const versionPath = (projectId: string, modelId: string, number: number) =>
  `${versionsPath(projectId, modelId)}/${number}`;

export const rollbackPath = (projectId: string, modelId: string, number: number) =>
  `${versionPath(projectId, modelId, number)}/rollback`;
