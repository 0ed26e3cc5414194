import { isAxiosError } from 'axios';
// Relative, not '@/': the unit tests run without the bundler's alias.
import { getErrorMessage } from '@/lib/api-error';

export type ODataErrorInfo = {
  status: number | null;
  code: string | null;
  message: string;
  target: string | null;
};

type ErrorBody = { error?: { code?: unknown; message?: unknown; target?: unknown } | string };

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** OData errors are `{ error: { code, message, target? } }` (4.0 JSON format §21); anything else reads as a client error. */
export function describeODataError(error: unknown): ODataErrorInfo {
  if (isAxiosError(error) && error.response) {
    const body = error.response.data as ErrorBody | undefined;
    const inner = body && typeof body.error === 'object' ? body.error : null;
    return {
      status: error.response.status,
      code: str(inner?.code),
      message: str(inner?.message) ?? getErrorMessage(error),
      target: str(inner?.target),
    };
  }
  return { status: null, code: null, message: getErrorMessage(error), target: null };
}
