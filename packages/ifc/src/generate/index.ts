export { DOOR_WINDOW_PARAMETERS } from './door-window-parameters';
export { ENCODING_FAULT_STRINGS } from './faults';
export { generateIfcFixture, generateIfcModel, writeIfcModel } from './generate-model';
export { generateIfcRevision, writeIfcRevision, type RevisionModelOptions } from './generate-revision';
export type {
  ExpectedChange,
  ExpectedChangeType,
  ExpectedPropertyChange,
  RevisionManifest,
  RevisionOptions,
} from './revision-types';
export {
  GENERATED_NAMES,
  ORPHAN_PROXY_NAME,
  type GeneratedCounts,
  type GeneratedSchema,
  type GeneratorFaults,
  type GeneratorOptions,
  type GeometryDetail,
} from './model-options';
export { UNNAMED_SET_PROPERTIES } from './unnamed-sets';
