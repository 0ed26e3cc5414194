import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { clockParts } from '../clock-format';

/** Spec §9: refreshed every 1000 ms. */
export const CLOCK_REFRESH_MS = 1000;

export function ClockCard() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  const { time, date, timeZone } = clockParts(now);
  return (
    <Card role="region" aria-label="Clock">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
          Current time
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        <time
          dateTime={now.toISOString()}
          className="text-3xl font-bold tabular-nums"
          data-testid="clock-time"
        >
          {time}
        </time>
        <p className="text-sm">{date}</p>
        <p className="text-xs text-muted-foreground">Time zone: {timeZone}</p>
      </CardContent>
    </Card>
  );
}
