/**
 * `vpl_environment.sh`: the variables VPL gives every script (grade range, time, submitted file names,
 * variation …). Scripts may append `export NAME=VALUE` lines; the evaluator and the programs it runs see
 * the result, so the file is read back (simple `export` lines, as VPL's scripts write them).
 */

const shellQuote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

export function environmentScript(vars: Record<string, string>): string {
  return (
    '#!/bin/bash\n' +
    Object.entries(vars)
      .map(([k, v]) => `export ${k}=${shellQuote(v)}\n`)
      .join('')
  );
}

function unquote(raw: string): string {
  let out = '';
  let i = 0;
  const v = raw.trim();
  while (i < v.length) {
    const c = v[i]!;
    if (c === "'") {
      const end = v.indexOf("'", i + 1);
      out += v.slice(i + 1, end < 0 ? v.length : end);
      i = end < 0 ? v.length : end + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < v.length && v[j] !== '"') {
        if (v[j] === '\\' && j + 1 < v.length) j++;
        out += v[j];
        j++;
      }
      i = j + 1;
    } else if (c === '\\' && i + 1 < v.length) {
      out += v[i + 1];
      i += 2;
    } else if (c === ' ' || c === '\t' || c === ';' || c === '#') {
      break;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Reads the `export NAME=VALUE` (and `NAME=VALUE`) lines; later lines win. */
export function parseEnvironmentScript(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m) vars[m[1]!] = unquote(m[2]!);
  }
  return vars;
}
