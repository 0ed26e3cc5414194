/**
 * A Retry-After wait in words, for the API's 429 text and the forms that show it: rounded up so nobody is told to
 * come back before the lock lifts; seconds under a minute, whole minutes above.
 */
export function describeRetryWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? '1 second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
