import type { ResourceLimits } from 'node:worker_threads';

/**
 * The extraction worker's young generation (V8 keeps a third of it as each of its two semi-spaces: 32 MB, where
 * `node`'s default is 16). Extraction makes millions of short-lived objects (one per value of each line it decodes);
 * with the default, scavenges ran so often that objects still in use were promoted and collected again later.
 * Measured on the 100 MB bench model, bare streaming extraction: 2.97–3.22 s → 2.69–2.74 s, peak RSS 250–274 →
 * 238 MB; 64 MB semi-spaces were no faster and held 60 MB more.
 */
const EXTRACTION_YOUNG_GENERATION_MB = 96;

/** The resource limits of an extraction worker thread, with its old-generation limit (WORKER_MAX_OLD_MB). */
export function extractionResourceLimits(maxOldGenerationSizeMb: number): ResourceLimits {
  return { maxOldGenerationSizeMb, maxYoungGenerationSizeMb: EXTRACTION_YOUNG_GENERATION_MB };
}
