/**
 * Time left until a server deadline, counted on the server's clock (useServerClock), so a learner
 * whose computer runs minutes fast or slow still sees the server's remaining time.
 */
import { useEffect, useState } from 'react';
import { formatRemaining, parseSpecTime } from '@lectio/shared';
import { useServerClock } from '@/lib/use-server-clock';

export { formatRemaining };

export function RemainingTime({ deadline }: { deadline: string }) {
  const clock = useServerClock();
  const end = parseSpecTime(deadline);
  // Re-render four times a second; the time itself is read from the server clock at render.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  if (end === null) return null;
  return (
    <span data-testid="remaining-time" data-offset={clock.offsetMs} data-synced={clock.synced}>
      {formatRemaining(end - clock.now())}
    </span>
  );
}
