import { changesFixture, historyFixture, modelFixture, versionFixture } from './history-fixture';
import { needsRefresh } from './history-refresh';

describe('needsRefresh', () => {
  it('polls while a version is processing or its comparison is pending', () => {
    const running = historyFixture([modelFixture({ versions: [versionFixture({ status: 'processing' })] })]);
    expect(needsRefresh(running)).toBe(true);
    const comparing = historyFixture([
      modelFixture(),
      modelFixture({
        modelId: 'm2',
        versions: [
          versionFixture({
            number: 2,
            changes: changesFixture({ status: 'pending' }),
          }),
        ],
      }),
    ]);
    expect(needsRefresh(comparing)).toBe(true);
  });

  it('stops once every version has settled, failed ones included', () => {
    const settled = historyFixture([
      modelFixture({
        versions: [versionFixture({ number: 2, status: 'failed' }), versionFixture({ isLatest: false })],
      }),
    ]);
    expect(needsRefresh(settled)).toBe(false);
    expect(needsRefresh(historyFixture([]))).toBe(false);
  });
});
