import { ODataGoneError, ODataSkipTokenError } from './errors';
import { decodeSkipToken, encodeSkipToken } from './skiptoken';

describe('skip tokens', () => {
  const payload = {
    v: 'model-7',
    k: ["O'Brien", 12.5, null, true, new Date('2024-01-02T03:04:05.000Z'), 2n ** 62n, 5],
  };

  it('round-trips sort values of every type', () => {
    const t = encodeSkipToken(payload);
    expect(t).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSkipToken(t, { version: 'model-7', keyCount: 7 })).toEqual(payload);
  });

  it('answers 410 for a token of another data version', () => {
    expect(() => decodeSkipToken(encodeSkipToken(payload), { version: 'model-8' })).toThrow(ODataGoneError);
  });

  it.each([
    '',
    'not base64!',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('{"v":"model-7"}').toString('base64url'),
    Buffer.from('{"v":"model-7","k":[{"$where":"1"}]}').toString('base64url'),
    Buffer.from('{"v":"model-7","k":[1],"x":1}').toString('base64url'),
    Buffer.from('{"v":{},"k":[1]}').toString('base64url'),
    Buffer.from('not json').toString('base64url'),
  ])('rejects tampered token %#', (t) => {
    expect(() => decodeSkipToken(t, { version: 'model-7' })).toThrow(ODataSkipTokenError);
  });

  it('rejects a token with the wrong number of keys', () => {
    expect(() => decodeSkipToken(encodeSkipToken({ v: 1, k: [1] }), { version: 1, keyCount: 2 })).toThrow(
      ODataSkipTokenError,
    );
  });

  it('with a secret, refuses altered tokens', () => {
    const t = encodeSkipToken({ v: 1, k: [10] }, 's3cret');
    expect(decodeSkipToken(t, { version: 1, secret: 's3cret' }).k).toEqual([10]);
    const forged = `${encodeSkipToken({ v: 1, k: [99] })}.${t.split('.')[1]}`;
    expect(() => decodeSkipToken(forged, { version: 1, secret: 's3cret' })).toThrow(ODataSkipTokenError);
    expect(() => decodeSkipToken(t, { version: 1, secret: 'other' })).toThrow(ODataSkipTokenError);
  });

  it('carries a pin segment under the MAC, base64-encoded once', () => {
    const pin = Buffer.from([0, 1, 2, 250, 251, 252]).toString('base64url');
    const t = encodeSkipToken({ v: 'tag', k: [3], p: pin }, 's3cret');
    expect(t.split('.')).toHaveLength(3);
    expect(t.split('.')[1]).toBe(pin);
    expect(decodeSkipToken(t, { version: 'tag', secret: 's3cret' })).toEqual({ v: 'tag', k: [3], p: pin });
    const [body, , mac] = t.split('.');
    const otherPin = Buffer.from([9, 9, 9]).toString('base64url');
    expect(() => decodeSkipToken(`${body}.${otherPin}.${mac}`, { version: 'tag', secret: 's3cret' })).toThrow(
      ODataSkipTokenError,
    );
    expect(() => decodeSkipToken(`${body}.${mac}`, { version: 'tag', secret: 's3cret' })).toThrow(
      ODataSkipTokenError,
    );
    expect(decodeSkipToken(encodeSkipToken({ v: 1, k: [] }), { version: 1 })).toEqual({ v: 1, k: [] });
  });

  it('binds a token to the entity set it pages: another set, or a token naming none, is refused (400)', () => {
    const t = encodeSkipToken({ v: 'tag', k: ['x'], s: 'IFCChanges' }, 's3cret');
    expect(decodeSkipToken(t, { version: 'tag', secret: 's3cret', entitySet: 'IFCChanges' })).toEqual({
      v: 'tag',
      k: ['x'],
      s: 'IFCChanges',
    });
    expect(() => decodeSkipToken(t, { version: 'tag', secret: 's3cret', entitySet: 'IFCElements' })).toThrow(
      new ODataSkipTokenError(
        'This skip token pages IFCChanges, not IFCElements: a $skiptoken continues only the entity set whose ' +
          '@odata.nextLink carried it; request the first page of IFCElements again',
      ),
    );
    // Checked before the data version: a token of another set is the client's mistake, not a change (410).
    expect(() =>
      decodeSkipToken(t, { version: 'other', secret: 's3cret', entitySet: 'IFCElements' }),
    ).toThrow(ODataSkipTokenError);
    const unbound = encodeSkipToken({ v: 'tag', k: ['x'] }, 's3cret');
    // issued before tokens named their set: a pull that spans the upgrade goes on
    expect(decodeSkipToken(unbound, { version: 'tag', secret: 's3cret', entitySet: 'IFCElements' }).k).toEqual([
      'x',
    ]);
    expect(decodeSkipToken(unbound, { version: 'tag', secret: 's3cret' }).k).toEqual(['x']);
  });

  it.each([
    { v: 1, k: [1], s: 2 },
    { v: 1, k: [1], s: null },
    { v: 1, k: [1], x: 'IFCElements' },
  ])('rejects a token whose entity set is not a name %#', (payload) => {
    const t = Buffer.from(JSON.stringify(payload)).toString('base64url');
    expect(() => decodeSkipToken(t, { version: 1 })).toThrow(new ODataSkipTokenError('Malformed skip token'));
  });

  it.each(['a.b.c', 'a.!', `a.${'x'.repeat(10_001)}`])('rejects a malformed pin segment %#', (suffix) => {
    const body = encodeSkipToken({ v: 1, k: [1] });
    expect(() => decodeSkipToken(`${body}.${suffix}`, { version: 1 })).toThrow(ODataSkipTokenError);
  });
});
