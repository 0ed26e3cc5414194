/** Spec §3 Visitor data point: static sample data, not measured traffic. */
export type VisitorPoint = { date: string; desktop: number; mobile: number };

export const VISITORS_FIRST_DATE = '2024-04-01';
/** Spec §9: the chart ranges count back from this fixed date. */
export const VISITORS_REFERENCE_DATE = '2024-06-30';

/** mulberry32: a tiny seeded generator, so every build and every visit draws the same series. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One point per day from 2024-04-01 to 2024-06-30 inclusive, with a weekly rhythm and noise. */
export function buildVisitorSample(seed = 20240630): VisitorPoint[] {
  const random = seeded(seed);
  const points: VisitorPoint[] = [];
  const day = new Date(`${VISITORS_FIRST_DATE}T00:00:00Z`);
  const end = new Date(`${VISITORS_REFERENCE_DATE}T00:00:00Z`);
  for (let index = 0; day <= end; index += 1) {
    const weekday = day.getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const trend = 1 + index / 180;
    points.push({
      date: day.toISOString().slice(0, 10),
      desktop: Math.round((weekend ? 120 : 260) * trend + random() * 180),
      mobile: Math.round((weekend ? 210 : 150) * trend + random() * 160),
    });
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return points;
}

export const visitorSample: readonly VisitorPoint[] = buildVisitorSample();
