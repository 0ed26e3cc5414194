import { listenProblem } from './check-settings';

const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('listenProblem (the sentence for a listen() error)', () => {
  it.each(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'])(
    'names HOST as a name that does not resolve (%s)',
    (code) => {
      expect(listenProblem(failure(code), 'bogus.invalid', 3000)).toBe(
        `HOST: bogus.invalid is not a name this machine can resolve to one of its addresses (${code})`,
      );
    },
  );

  it.each([
    ['EADDRNOTAVAIL', 'HOST: 192.0.2.1 is not an address of this machine (EADDRNOTAVAIL)'],
    ['EADDRINUSE', 'PORT: 3000 on 192.0.2.1 is already in use by another program (EADDRINUSE)'],
    ['EACCES', 'PORT: 3000 needs privileges this process does not have; use a port above 1023 (EACCES)'],
    ['EPERM', 'HOST/PORT: cannot listen on 192.0.2.1:3000 (EPERM)'],
  ])('%s', (code, sentence) => {
    expect(listenProblem(failure(code), '192.0.2.1', 3000)).toBe(sentence);
  });
});
