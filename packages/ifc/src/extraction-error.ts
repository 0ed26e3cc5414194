import type { SniffErrorCode } from './sniff';

export type ExtractionErrorCode = SniffErrorCode | 'OPEN_FAILED';

/** A model that cannot be extracted, with a message meant for the person who uploaded it. */
export class IfcExtractionError extends Error {
  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'IfcExtractionError';
  }
}
