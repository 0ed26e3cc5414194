// The connector Preview's own estimate functions, bundled for `pnpm bench estimates` so the bench measures the
// code the web app runs, not a copy of it.
export {
  estimateProcessing,
  formatTimeRange,
  scanIfcFile,
} from '../apps/web/src/features/ifc-connector/file-scan';
// The server's rate from its finished jobs; with none, its fallback figures (the cold estimate).
export { processingRateFrom } from '../apps/api/src/modules/ifc/jobs/processing-rate';
