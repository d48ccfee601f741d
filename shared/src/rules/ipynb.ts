/**
 * Jupyter notebooks (nbformat 4) to and from Lectio notebook cells (spec/3 §3 Notebook cell; issue 25):
 * authors import an existing `.ipynb` and export theirs. Pure: no I/O.
 *
 * - markdown, code and raw cells map one to one; Lectio's equation and editor cells travel as markdown
 *   cells marked `metadata.lectio.cell_type` so a round trip keeps them (an equation's source is wrapped
 *   in `$$` for other tools and unwrapped on the way back).
 * - outputs: stream, execute_result and display_data (image/png wins over text/plain) and error (the
 *   traceback without ANSI colours) become Lectio's text or png outputs.
 * - sources may be a string or an array of lines; Lectio keeps lines (each but the last ends with "\n").
 */
import { IMAGE_WIDTH_DEFAULT, sourceLines, type NotebookCell, type NotebookOutput } from '../tasks/content';

export class IpynbError extends Error {}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A multi-line string as nbformat allows it: one string or a list of lines. */
const joined = (v: unknown): string => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('') : typeof v === 'string' ? v : '');
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
const LIMIT_CELLS = 500;

function outputsOf(raw: unknown): NotebookOutput[] {
  if (!Array.isArray(raw)) return [];
  const out: NotebookOutput[] = [];
  for (const o of raw) {
    if (!isObject(o)) continue;
    switch (o.output_type) {
      case 'stream':
        out.push({ atype: 'text', output: joined(o.text) });
        break;
      case 'execute_result':
      case 'display_data': {
        const data = isObject(o.data) ? o.data : {};
        const png = joined(data['image/png']).replace(/\s+/g, '');
        if (png) out.push({ atype: 'png', output: png, width: IMAGE_WIDTH_DEFAULT });
        else if (data['text/plain'] !== undefined) out.push({ atype: 'text', output: joined(data['text/plain']) });
        break;
      }
      case 'error': {
        const trace = Array.isArray(o.traceback) ? o.traceback.filter((l) => typeof l === 'string').join('\n') : '';
        out.push({ atype: 'text', output: (trace || `${joined(o.ename)}: ${joined(o.evalue)}`).replace(ANSI, '') });
        break;
      }
    }
  }
  return out;
}

const unwrapEquation = (text: string) => text.trim().replace(/^\$\$\s*/, '').replace(/\s*\$\$$/, '');

/** Reads a `.ipynb` file's text; throws IpynbError when it is not an nbformat 4 notebook. */
export function fromIpynb(text: string): NotebookCell[] {
  let nb: unknown;
  try {
    nb = JSON.parse(text);
  } catch {
    throw new IpynbError('not JSON');
  }
  if (!isObject(nb) || !Array.isArray(nb.cells)) throw new IpynbError('no cells');
  if (typeof nb.nbformat === 'number' && nb.nbformat !== 4) throw new IpynbError(`nbformat ${nb.nbformat} is not 4`);
  if (nb.cells.length > LIMIT_CELLS) throw new IpynbError('too many cells');
  return nb.cells.filter(isObject).map((c): NotebookCell => {
    const meta = isObject(c.metadata) ? c.metadata : {};
    const lectio = isObject(meta.lectio) ? meta.lectio : {};
    const source = joined(c.source);
    const kind = typeof lectio.cell_type === 'string' ? lectio.cell_type : String(c.cell_type);
    const metadata: NotebookCell['metadata'] = {};
    for (const key of ['runnable', 'showLines', 'readOnly'] as const) if (typeof lectio[key] === 'boolean') metadata[key] = lectio[key];
    if (kind === 'code') {
      const count = c.execution_count;
      return { cell_type: 'code', source: sourceLines(source), outputs: outputsOf(c.outputs), execution_count: typeof count === 'number' && Number.isInteger(count) ? count : null, metadata };
    }
    const cellType = kind === 'equation' ? 'equation' : kind === 'editor' ? 'editor' : kind === 'raw' ? 'raw' : 'markdown';
    return { cell_type: cellType, source: sourceLines(cellType === 'equation' ? unwrapEquation(source) : source), outputs: [], execution_count: null, metadata };
  });
}

function outputToIpynb(o: NotebookOutput): Json {
  if (o.atype === 'png') return { output_type: 'display_data', data: { 'image/png': o.output, 'text/plain': ['<Figure>'] }, metadata: {} };
  return { output_type: 'stream', name: 'stdout', text: sourceLines(o.output) };
}

/** Writes cells as an nbformat 4.5 notebook (Python 3 kernel). */
export function toIpynb(cells: NotebookCell[]): Json {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
    },
    cells: cells.map((c, i) => {
      const id = `cell-${i + 1}`;
      const lectio: Json = { ...(c.metadata ?? {}) };
      delete lectio.version;
      if (c.cell_type === 'code') {
        return { id, cell_type: 'code', metadata: Object.keys(lectio).length ? { lectio } : {}, execution_count: c.execution_count ?? null, source: c.source, outputs: (c.outputs ?? []).map(outputToIpynb) };
      }
      if (c.cell_type === 'raw') return { id, cell_type: 'raw', metadata: Object.keys(lectio).length ? { lectio } : {}, source: c.source };
      if (c.cell_type === 'equation') return { id, cell_type: 'markdown', metadata: { lectio: { ...lectio, cell_type: 'equation' } }, source: sourceLines(`$$\n${c.source.join('')}\n$$`) };
      if (c.cell_type === 'editor') return { id, cell_type: 'markdown', metadata: { lectio: { ...lectio, cell_type: 'editor' } }, source: c.source };
      return { id, cell_type: 'markdown', metadata: Object.keys(lectio).length ? { lectio } : {}, source: c.source };
    }),
  };
}
