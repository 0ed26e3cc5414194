import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { rejectedUploadLines, uploadFailureLines } from './upload-failure';

function answered(status: number, statusText: string, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText, data, headers: {}, config };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_REQUEST',
    config,
    null,
    response,
  );
}

describe('uploadFailureLines', () => {
  it('names the status text, then the server explanation', () => {
    const error = answered(400, 'Bad Request', {
      success: false,
      error: 'Not an IFC file',
      message: 'The file does not start with ISO-10303-21',
      code: 'NOT_IFC',
    });
    expect(uploadFailureLines(error)).toEqual([
      'Upload failed: Bad Request',
      'The file does not start with ISO-10303-21',
    ]);
  });

  it('falls back to the error field, and to the status number without status text', () => {
    expect(uploadFailureLines(answered(503, '', { error: 'The processing queue is full' }))).toEqual([
      'Upload failed: status 503',
      'The processing queue is full',
    ]);
  });

  it('says Upload failed with the network message when nothing answered', () => {
    expect(uploadFailureLines(new AxiosError('Network Error', 'ERR_NETWORK'))).toEqual([
      'Upload failed',
      'Network Error',
    ]);
  });
});

describe('rejectedUploadLines', () => {
  it('treats success:false as failed, with the message or Upload failed', () => {
    expect(rejectedUploadLines({ success: true })).toBeNull();
    expect(rejectedUploadLines({ success: false, message: 'No space' })).toEqual(['No space']);
    expect(rejectedUploadLines({ success: false })).toEqual(['Upload failed']);
  });
});
