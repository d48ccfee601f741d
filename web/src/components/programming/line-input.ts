/**
 * The terminal's input line (spec/3 §4 "Code run"): what the program printed is the locked prefix, so
 * typing only adds to the learner's own line; backspace cannot delete past it; arrow keys and other
 * escape sequences cannot move into it; Enter sends the line. Pure, unit-tested.
 */
export class LineInput {
  private buffer = '';

  /** The text typed since the last Enter. */
  get pending(): string {
    return this.buffer;
  }

  reset(): void {
    this.buffer = '';
  }

  /** Data from the terminal → what to echo and the finished lines (each with its '\n'). */
  feed(data: string): { echo: string; lines: string[] } {
    let echo = '';
    const lines: string[] = [];
    // Escape sequences (arrows, Home, Delete …) would move the cursor into the locked prefix.
    const text = data.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[O][A-Za-z]|\x1b./g, '');
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '\r' || ch === '\n') {
        if (ch === '\n' && text[i - 1] === '\r') continue;
        lines.push(`${this.buffer}\n`);
        this.buffer = '';
        echo += '\r\n';
      } else if (ch === '\x7f' || ch === '\b') {
        if (this.buffer.length === 0) continue; // the locked prefix stays
        const chars = [...this.buffer];
        chars.pop();
        this.buffer = chars.join('');
        echo += '\b \b';
      } else if (ch >= ' ' || ch === '\t') {
        this.buffer += ch;
        echo += ch;
      }
    }
    return { echo, lines };
  }
}
