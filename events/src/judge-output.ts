/**
 * An interactive judge run's output, put back in order on the client. Each `judge.output` carries `at`,
 * the offset of its text in the run's whole output. A client that subscribes after the program has
 * started is sent the output so far (from 0) besides the live batches, and the two may overlap or come in
 * either order: text already shown is dropped, and a batch that comes before the text in front of it
 * waits for it. A message without `at` is shown as it comes.
 */
export function judgeOutputInOrder(): (text: string, at?: number) => string {
  let shown = 0;
  /** Batches that came before the text in front of them, by offset (the longest kept). */
  const waiting = new Map<number, string>();
  const take = (text: string, at: number) => {
    const fresh = text.slice(shown - at);
    shown = Math.max(shown, at + text.length);
    return fresh;
  };
  return (text, at) => {
    if (at === undefined) return text;
    if (at > shown) {
      if ((waiting.get(at)?.length ?? -1) < text.length) waiting.set(at, text);
      return '';
    }
    let out = take(text, at);
    for (let next = nextWaiting(); next !== undefined; next = nextWaiting()) {
      out += take(waiting.get(next)!, next);
      waiting.delete(next);
    }
    return out;

    function nextWaiting() {
      let found: number | undefined;
      for (const offset of waiting.keys()) if (offset <= shown && (found === undefined || offset < found)) found = offset;
      return found;
    }
  };
}
