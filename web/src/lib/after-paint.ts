/**
 * Runs `run` once the browser has painted what is on screen now (the frame after the next animation frame's
 * task), and returns a function that cancels it if it has not run yet. For work a screen starts but its first
 * paint need not wait for: on a phone, requests sent before that paint delay it (issue 20 item 22).
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
