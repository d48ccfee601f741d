/**
 * A container's short-lived memory of read-mostly items (authoring data on a hot read path). Each
 * entry lives `ttlMs`; concurrent readers of a missing entry share one load; a failed load is not
 * kept; the oldest entries go beyond `max`. `forget` drops an entry at once (the stream handler does
 * when an item changes, where it shares the process: the local cloud); elsewhere an entry is at most
 * `ttlMs` old. Values are shared: callers must not change them.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  forget(key: K): void {
    this.entries.delete(key);
  }
}
