import { wideSetNote } from './wide-set-note';

describe('wideSetNote', () => {
  it('says nothing before a version is published', () => {
    expect(wideSetNote(null)).toBeNull();
    expect(wideSetNote(undefined)).toBeNull();
  });

  it('names the state, the attempts and the reason of a failure', () => {
    expect(wideSetNote({ status: 'ready', attempts: 0, error: null })).toEqual({
      text: 'Tableau table (IFCElementsWide) ready',
      tone: 'muted',
    });
    expect(wideSetNote({ status: 'preparing', attempts: 0, error: null })?.tone).toBe('pending');
    expect(wideSetNote({ status: 'preparing', attempts: 1, error: 'disk full' })?.text).toBe(
      'Tableau table (IFCElementsWide) being prepared, retrying after 1 failed attempt: disk full',
    );
    const failed = wideSetNote({ status: 'failed', attempts: 3, error: 'too many columns' })!;
    expect(failed.tone).toBe('error');
    expect(failed.text).toContain('could not be built (3 failed attempts): too many columns.');
    expect(failed.text).toContain('upload it again');
  });
});
