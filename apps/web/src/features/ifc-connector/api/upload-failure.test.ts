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
  it('leads with the server explanation, then names the status text', () => {
    const error = answered(400, 'Bad Request', {
      success: false,
      error: 'Not an IFC file',
      message: 'The file does not start with ISO-10303-21',
      code: 'NOT_IFC',
    });
    expect(uploadFailureLines(error)).toEqual([
      'The file does not start with ISO-10303-21',
      'Upload failed: Bad Request',
    ]);
  });

  it('falls back to the error field, and to the status number without status text', () => {
    expect(uploadFailureLines(answered(503, '', { error: 'The processing queue is full' }))).toEqual([
      'The processing queue is full',
      'Upload failed: status 503',
    ]);
    expect(uploadFailureLines(answered(502, 'Bad Gateway', '<html>proxy</html>'))).toEqual([
      'Upload failed: Bad Gateway',
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
