// A clock for the wallboard's local timers (call durations, the chart's last hour); no data is polled.
import { useEffect, useState } from 'react';

export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}
