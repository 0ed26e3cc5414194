/**
 * Error classes of the OData layer. The HTTP status lives on the error so the API's single error
 * handler can answer `{"error":{"code","message","target"}}` without knowing this package.
 */
export class ODataError extends Error {
  readonly status: number;
  readonly code: string;
  /** Offset in the (decoded) option value where the problem was found, when known. */
  readonly position: number | undefined;
  /** The query option or property the error is about, for the OData error body. */
  readonly target: string | undefined;

  constructor(status: number, code: string, message: string, position?: number, target?: string) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.position = position;
    this.target = target;
  }
}

/** Malformed query text (400). */
export class ODataSyntaxError extends ODataError {
  constructor(message: string, position?: number, target?: string) {
    super(
      400,
      'SyntaxError',
      position === undefined ? message : `${message} (at position ${position})`,
      position,
      target,
    );
  }
}

/** Well-formed but wrong for the entity model: unknown property, type mismatch (400). */
export class ODataValidationError extends ODataError {
  constructor(message: string, target?: string, position?: number) {
    super(400, 'ValidationError', message, position, target);
  }
}

/** Valid OData that this service deliberately does not implement (501). */
export class ODataNotImplementedError extends ODataError {
  constructor(message: string, target?: string) {
    super(501, 'NotImplemented', message, undefined, target);
  }
}

/** A $skiptoken that was not produced by us or was altered (400). */
export class ODataSkipTokenError extends ODataError {
  constructor(message: string) {
    super(400, 'InvalidSkipToken', message, undefined, '$skiptoken');
  }
}

/** A $skiptoken from an older version of the data: paging must restart rather than mix versions (410). */
export class ODataGoneError extends ODataError {
  constructor(message: string) {
    super(410, 'Gone', message, undefined, '$skiptoken');
  }
}
