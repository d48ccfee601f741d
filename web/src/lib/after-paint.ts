/**
 * Runs `run` once the browser has painted what is on screen now and shown it (a frame later: the browser
 * learns when a paint reached the screen a moment after it, and only then counts it as the page's largest
 * paint), and returns a function that cancels it if it has not run yet. For work a screen starts but its
 * first paint need not wait for: on a phone, requests sent before that paint delay it (issue 20 item 22).
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(run, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `run` once the browser reports a largest paint of the page from now on (its `largest-contentful-paint`
 * entries: what is on screen now has then been shown), or `fallbackMs` after the next paint when none comes
 * (nothing larger than before was painted, or the user has interacted) or the browser does not report them.
 * For a heavy download the screen's largest content should not share the network with: the browser reports
 * that paint a moment after it, and a download started at the paint itself still came before it on a phone.
 */
export function afterLargestPaint(run: () => void, fallbackMs = 250): () => void {
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const stop = () => {
    finished = true;
    observer?.disconnect();
    cancelPaint();
    clearTimeout(timer);
  };
  const finish = () => {
    if (finished) return;
    stop();
    run();
  };
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    // Not buffered: only a paint reported from now on, which shows what is on screen now.
    observer = new PerformanceObserver(finish);
    observer.observe({ type: 'largest-contentful-paint' });
  }
  const cancelPaint = afterPaint(() => {
    timer = setTimeout(finish, observer ? fallbackMs : 0);
  });
  return stop;
}
