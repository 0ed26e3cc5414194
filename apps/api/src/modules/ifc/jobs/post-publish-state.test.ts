import { failureReason } from './post-publish-state';

describe('failureReason (what a failed post-publish step records and shows)', () => {
  it("keeps an error's first line, bounded", () => {
    expect(failureReason(new Error('no such column: x\n    at step'))).toBe('no such column: x');
    expect(failureReason(new Error('y'.repeat(500)))).toHaveLength(300);
    expect(failureReason('  ')).toBe('unknown error');
  });

  it.each([['SQLITE_FULL'], ['ENOSPC'], ['EDQUOT']])(
    'says the disk is full in words instead of the raw error (%s)',
    (code) => {
      const err = Object.assign(new Error('database or disk is full'), { code });
      expect(failureReason(err)).toBe('the server ran out of disk space');
    },
  );

  it('keeps the message of any other coded error', () => {
    const err = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    expect(failureReason(err)).toBe('database is locked');
  });
});
