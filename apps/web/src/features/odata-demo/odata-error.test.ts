import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describeODataError } from './odata-error';

function answered(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_REQUEST',
    config,
    null,
    response,
  );
}

describe('describeODataError', () => {
  it('reads the OData error object', () => {
    const info = describeODataError(
      answered(400, {
        error: { code: 'InvalidFilter', message: "Unknown property 'Nope'", target: '$filter' },
      }),
    );
    expect(info).toEqual({
      status: 400,
      code: 'InvalidFilter',
      message: "Unknown property 'Nope'",
      target: '$filter',
    });
  });

  it('falls back to the REST error text and to the generic message', () => {
    expect(describeODataError(answered(401, { error: 'Authentication required' }))).toMatchObject({
      status: 401,
      code: null,
      message: 'Authentication required',
    });
    expect(describeODataError(new AxiosError('Network Error', 'ERR_NETWORK'))).toMatchObject({
      status: null,
      message: 'Network Error',
    });
  });
});
