/** Small statistics helpers for benchmarks: percentiles and a fixed-width report line. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? NaN };
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

export function report(label: string, samples: number[]) {
  const p = percentiles(samples);
  console.log(`${label.padEnd(44)} n=${String(p.n).padStart(5)}  p50 ${ms(p.p50).padStart(10)}  p95 ${ms(p.p95).padStart(10)}  p99 ${ms(p.p99).padStart(10)}  max ${ms(p.max).padStart(10)}`);
  return p;
}

/** Times `fn` `n` times after `warmup` untimed runs; returns milliseconds per call. */
export async function sample(n: number, fn: () => Promise<unknown>, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}
