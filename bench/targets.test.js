// The verdicts `pnpm bench` prints under its figures (bench/targets.mjs).
const { TARGETS, judgeTargets, targetLines } = require('./targets.mjs');

describe('bench targets', () => {
  const ifc = (figures) => judgeTargets(figures, TARGETS.ifc);
  const verdictOf = (judged, figure) => judged.find((j) => j.figure === figure).verdict;

  it("holds the IFC bench to issue 17's ratios, bounds included", () => {
    expect(verdictOf(ifc({ ratioToBare: 0.6 }), 'ratioToBare')).toBe('met');
    expect(verdictOf(ifc({ ratioToBare: 0.61 }), 'ratioToBare')).toBe('not met');
    expect(verdictOf(ifc({ streamingSpeedupOverWebIfc: 3 }), 'streamingSpeedupOverWebIfc')).toBe('met');
    expect(verdictOf(ifc({ streamingSpeedupOverWebIfc: 2.98 }), 'streamingSpeedupOverWebIfc')).toBe(
      'not met',
    );
    expect(verdictOf(ifc({ geometryRatioToBare: 0.64 }), 'geometryRatioToBare')).toBe('not met');
  });

  it('never counts an absent figure as met', () => {
    const judged = ifc({ ratioToBare: 0.5 });
    expect(verdictOf(judged, 'geometryRatioToBare')).toBe('not measured');
    expect(verdictOf(judged, 'v2ReadyDelayedOver5Percent')).toBe('not measured');
    expect(verdictOf(ifc({ healthP99Ms: NaN }), 'healthP99Ms')).toBe('not measured');
    expect(targetLines(judged).at(-1)).toBe(
      `targets: 1 met, 0 not met, ${TARGETS.ifc.length - 1} not measured, of ${TARGETS.ifc.length}`,
    );
  });

  it('compares exact values and reads grouped figures', () => {
    expect(verdictOf(ifc({ v2ReadyDelayedOver5Percent: true }), 'v2ReadyDelayedOver5Percent')).toBe(
      'not met',
    );
    expect(verdictOf(ifc({ v2ReadyDelayedOver5Percent: false }), 'v2ReadyDelayedOver5Percent')).toBe('met');
    const big = judgeTargets({ big: { peakRssMb: 1290, ratioTo100Mb: 31, healthP99Ms: 40 } }, TARGETS.big);
    expect(big.map((j) => j.verdict)).toEqual(['met', 'not met', 'met']);
  });

  it('prints what was measured against what was wanted', () => {
    const lines = targetLines(ifc({ ratioToBare: 0.69, streamingSpeedupOverWebIfc: 3.3 }));
    expect(lines[0]).toBe('NOT MET: ratioToBare 0.69 (target ≤ 0.6, issue 17 (≤ 1.3 before it))');
    expect(lines[1]).toBe('met: streamingSpeedupOverWebIfc 3.3 (target ≥ 3, issue 17)');
  });
});
