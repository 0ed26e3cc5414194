import { ODataError, ODataNotImplementedError } from './errors';
import { negotiateJson } from './negotiate';

describe('negotiateJson', () => {
  it('takes the parameters of the acceptable JSON range with the highest q', () => {
    expect(
      negotiateJson(
        undefined,
        'application/xml;q=0.9, application/json;odata.metadata=full;IEEE754Compatible=true',
      ),
    ).toEqual({ metadata: 'full', ieee754Compatible: true });
    expect(
      negotiateJson(
        undefined,
        'application/json;odata.metadata=none;q=0.2, application/json;odata.metadata=full',
      ),
    ).toEqual({ metadata: 'full', ieee754Compatible: false });
  });

  it('$format wins over Accept; the request Content-Type can ask for IEEE754Compatible', () => {
    expect(negotiateJson('json;odata.metadata=none', 'application/xml')).toEqual({
      metadata: 'none',
      ieee754Compatible: false,
    });
    expect(
      negotiateJson(undefined, '*/*', 'application/json; IEEE754Compatible="true"').ieee754Compatible,
    ).toBe(true);
    expect(() => negotiateJson('atom', undefined)).toThrow(ODataNotImplementedError);
  });

  it('refuses an empty $format with 400 (a malformed request), not 501 (a format not served)', () => {
    for (const format of ['', ' ']) {
      expect(() => negotiateJson(format, 'application/json')).toThrow(
        expect.objectContaining({
          status: 400,
          code: 'SyntaxError',
          message: '$format must not be empty',
          target: '$format',
        }) as ODataError,
      );
    }
  });

  it('refuses with 406 an Accept that allows no JSON, q=0 included', () => {
    for (const accept of ['application/xml', 'text/*', 'application/json;q=0, text/html']) {
      expect(() => negotiateJson(undefined, accept)).toThrow(
        expect.objectContaining({ status: 406, code: 'NotAcceptable' }) as ODataError,
      );
    }
    expect(negotiateJson(undefined, '')).toEqual({ metadata: 'minimal', ieee754Compatible: false });
  });
});
