import type { ModelRepository } from '../types';

/**
 * PLACEHOLDER until the MongoDB side of issue 15 lands (h-mongo replaces this file): every call says the feature is
 * not there yet instead of pretending to work.
 */
export const MONGO_MODELS_NOT_IMPLEMENTED = 'models: not implemented on MongoDB yet';

const notImplemented = async (): Promise<never> => {
  throw new Error(MONGO_MODELS_NOT_IMPLEMENTED);
};

export const mongoModelsPlaceholder: ModelRepository = {
  create: notImplemented,
  findById: notImplemented,
  listByProject: notImplemented,
  rename: notImplemented,
  delete: notImplemented,
  createVersion: notImplemented,
  findVersion: notImplemented,
  findVersionByRowVersion: notImplemented,
  listVersions: notImplemented,
  updateVersion: notImplemented,
  rollback: notImplemented,
  deleteVersion: notImplemented,
};
