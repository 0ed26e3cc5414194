import { JobTimeline } from './job-timeline';

describe('job timeline', () => {
  it('keeps the first time each milestone is reached, relative to the origin, and the details given', () => {
    const timeline = new JobTimeline(1_000);
    timeline.mark('started', 1_250);
    timeline.mark('first-batch', 4_000);
    timeline.mark('first-batch', 9_000);
    timeline.detail({ batches: 3 });
    timeline.detail({ elementMs: 120 });
    expect(timeline.toJSON()).toEqual({
      origin: 1_000,
      marks: { started: 250, 'first-batch': 3_000 },
      details: { batches: 3, elementMs: 120 },
    });
  });
});
