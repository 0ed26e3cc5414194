// The targets `pnpm bench` holds its figures to, and each run's verdict on them: printed under a bench's table, so a
// run says itself which targets it met instead of leaving the reader to compare numbers with a line of text.

/**
 * Per bench, its targets: `figure` names a key of the bench's figures (`group.key` for a bench that returns groups),
 * `max`/`min` the bound (inclusive), `equals` an exact value, `from` where the target was set.
 */
export const TARGETS = {
  ifc: [
    { figure: 'ratioToBare', max: 0.6, from: 'issue 17 (≤ 1.3 before it)' },
    { figure: 'streamingSpeedupOverWebIfc', min: 3, from: 'issue 17' },
    { figure: 'geometryRatioToBare', max: 0.5, from: 'issue 17' },
    { figure: 'endToEndSeconds', max: 15 },
    { figure: 'apiPeakRssMb', max: 1536 },
    { figure: 'healthP99Ms', max: 100 },
    { figure: 'geometryHealthP99Ms', max: 100 },
    { figure: 'changeSetSecondsAfterReady', max: 5, from: 'issue 15' },
    { figure: 'changeSetApiRssGrowthMb', max: 300, from: 'issue 15' },
    { figure: 'v2ReadyDelayedOver5Percent', equals: false, from: 'issue 15' },
  ],
  big: [
    { figure: 'big.peakRssMb', max: 1536, from: 'issue 17' },
    { figure: 'big.ratioTo100Mb', max: 30, from: 'issue 17' },
    { figure: 'big.healthP99Ms', max: 100, from: 'issue 17' },
  ],
  versions: [
    { figure: 'versionedFilteredPageP50Ms', max: 10 },
    { figure: 'fullPullRatio', max: 1.1, from: 'within 10% of one version' },
  ],
  web: [{ figure: 'landingGzipKb', max: 150, from: 'routes are code-split; the app area never loads on /' }],
  odata: [
    { figure: 'fullPullRowsPerSecond', min: 100_000 },
    { figure: 'ratioToReference', min: 0.5 },
    { figure: 'filteredPageP50Ms', max: 10 },
    { figure: 'rssGrowthMb', max: 50 },
    { figure: 'wideFullPullRowsPerSecond', min: 60_000 },
    { figure: 'wideRssGrowthMb', max: 50 },
  ],
};

const boundText = (target) =>
  'max' in target ? `≤ ${target.max}` : 'min' in target ? `≥ ${target.min}` : `= ${target.equals}`;

function valueOf(figures, name) {
  let value = figures;
  for (const part of name.split('.')) value = value == null ? undefined : value[part];
  return value;
}

/**
 * Each target with this run's value and verdict: `met`, `not met`, or `not measured` (the figure is absent, as when a
 * part of the bench was skipped: `BENCH_IFC_ONLY`, `BENCH_IFC_VERSION2=skip`) — never counted as met.
 */
export function judgeTargets(figures, targets) {
  return targets.map((target) => {
    const value = valueOf(figures, target.figure);
    let verdict;
    if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) verdict = 'not measured';
    else if ('max' in target) verdict = typeof value === 'number' && value <= target.max ? 'met' : 'not met';
    else if ('min' in target) verdict = typeof value === 'number' && value >= target.min ? 'met' : 'not met';
    else verdict = value === target.equals ? 'met' : 'not met';
    return { figure: target.figure, value, target: boundText(target), verdict, from: target.from ?? '' };
  });
}

/** The verdict lines printed under a bench's figures, and a closing count. */
export function targetLines(judged) {
  const lines = judged.map(
    (j) =>
      `${j.verdict === 'met' ? 'met' : j.verdict.toUpperCase()}: ${j.figure} ${JSON.stringify(j.value ?? null)} (target ${j.target}${j.from ? `, ${j.from}` : ''})`,
  );
  const count = (verdict) => judged.filter((j) => j.verdict === verdict).length;
  lines.push(
    `targets: ${count('met')} met, ${count('not met')} not met, ${count('not measured')} not measured, of ${judged.length}`,
  );
  return lines;
}
