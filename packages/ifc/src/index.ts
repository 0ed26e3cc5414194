export * from './types';
export { extractIfc, NO_STOREY_KEY } from './extract';
export { IfcExtractionError, type ExtractionErrorCode } from './extraction-error';
export { sniffIfcFile, sniffIfcBytes, sniffIfcData, type SniffResult, type SniffErrorCode } from './sniff';
export { schemaFamilyOf, SUPPORTED_SCHEMAS_TEXT } from './schema-family';
export { propertyFingerprint, type FingerprintedProperty } from './property-fingerprint';
export { configureWebIfc } from './web-ifc-runtime';
export * from './generate';
export {
  expandRepeats,
  flattenBatch,
  flattenRows,
  flatRowCount,
  type FlatRowBatch,
  type RowColumnOrder,
} from './flat-rows';
export {
  arrivedReadMessage,
  extractIfcFile,
  extractReadModel,
  readArrivingIfcFile,
  type ReadIfcModel,
} from './step/extract-file';
export {
  ARRIVAL_FAILED,
  ARRIVAL_STATE,
  ARRIVAL_WRITES,
  ARRIVED,
  ArrivalAbandoned,
  newArrival,
  reportArrival,
} from './step/arriving-file';
