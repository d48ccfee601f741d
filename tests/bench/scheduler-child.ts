/**
 * For realtime.bench.ts: `npm start`'s local cloud (main.ts) in a child process, plus a `bench-probe`
 * one-time job kind that prints when it ran, so the bench can kill -9 this process and measure what a
 * restart does with jobs that came due meanwhile.
 */
await import('../../functions/src/app/local');
// registered once the cloud runs (the table client is made when the module loads); a probe due earlier
// waits for the next poll
const { registerOneTimeJob } = await import('../../functions/src/platform/schedules/one-time');
registerOneTimeJob('bench-probe', async (id) => void console.log(`PROBE-RAN ${id} ${Date.now()}`));
console.log('PROBE-READY');

export {};
