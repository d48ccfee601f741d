/** Counts DynamoDB requests and consumed capacity of the shared document client (bench only). */

export interface Meter {
  requests: number;
  capacity: number;
  reset: () => void;
}

let installed: Meter | undefined;

/** Loaded lazily: the client must be created after the local cloud has set the environment. */
export async function dbMeter(): Promise<Meter> {
  if (installed) return installed;
  const { db } = await import('../../functions/src/platform/db/client');
  const meter: Meter = {
    requests: 0,
    capacity: 0,
    reset: () => {
      meter.requests = 0;
      meter.capacity = 0;
    },
  };
  db.middlewareStack.add(
    (next) => async (args) => {
      meter.requests++;
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> }).ConsumedCapacity;
      const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
      meter.capacity += list.reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
      return out;
    },
    { step: 'initialize', name: 'benchMeter' },
  );
  installed = meter;
  return meter;
}
