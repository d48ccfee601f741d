/**
 * Server-side SVG sanitising (issue 8): an uploaded SVG is stored only as a clean data URL. Kept:
 * drawing elements and their presentation attributes. Dropped: scripts, event handlers,
 * `foreignObject`, `<style>`, animation, and every reference outside the image (`href` other than
 * `#fragment`, `url(...)` other than `url(#id)`).
 *
 * The router applies `sanitizeSvgDataUrls` to every request body, so every route that takes an
 * SVG (area icons, chapter icons, later ones) stores only sanitised images. An SVG data URL is
 * recognised as a browser reads it: any case (`DATA:image/SVG+xml`), leading white space, base64 or
 * text (`;utf8`, `;charset=…`) in any order. Icons that arrive inside other text (a course import)
 * go through `cleanSvgIcon` where they are stored.
 */
import sanitizeHtml from 'sanitize-html';

const SVG_PREFIX = 'data:image/svg+xml';

const drawing = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline',
  'polygon', 'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
  'marker', 'filter', 'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feMerge', 'feMergeNode', 'feFlood',
  'feComposite',
];
const presentation = [
  'id', 'class', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'd',
  'points', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-dasharray', 'stroke-opacity', 'opacity', 'transform', 'offset', 'stop-color', 'stop-opacity',
  'gradientUnits', 'gradientTransform', 'clip-path', 'clip-rule', 'mask', 'font-size', 'font-family', 'font-weight',
  'text-anchor', 'dominant-baseline', 'preserveAspectRatio', 'xmlns', 'xmlns:xlink', 'version', 'href', 'xlink:href',
  'patternUnits', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'stdDeviation', 'dx', 'dy', 'in', 'in2',
  'result', 'mode', 'values', 'type', 'operator', 'flood-color', 'flood-opacity', 'filter', 'role', 'aria-label',
  'aria-hidden', 'focusable',
];

/** Attribute values may point inside the image only. */
const internalOnly = (value: string) => {
  const urls = [...value.matchAll(/url\(\s*['"]?([^'")]*)/gi)].map((m) => m[1]!.trim());
  return urls.every((u) => u.startsWith('#'));
};

export function sanitizeSvg(svg: string): string {
  return sanitizeHtml(svg, {
    allowedTags: drawing,
    allowedAttributes: { '*': presentation },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, xmlMode: true },
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript'],
    exclusiveFilter: () => false,
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          if ((name === 'href' || name === 'xlink:href') && !value.trim().startsWith('#')) continue;
          if (!internalOnly(value)) continue;
          kept[name] = value;
        }
        return { tagName, attribs: kept };
      },
    },
  });
}

/** Markup compared without formatting differences (`<x/>` vs `<x />` vs `<x></x>`, whitespace, quotes). */
const normalise = (markup: string) =>
  markup
    .replace(/<\?xml[^>]*>\s*/i, '')
    .replace(/'/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/\s*(\/?>)/g, '$1')
    .replace(/<([\w:-]+)([^<>]*?)><\/\1>/g, '<$1$2/>')
    .trim();

const SVG_DATA_URL = /^\s*data:\s*image\/svg\+xml\s*((?:;[^,]*)?),(.*)$/is;

/** Is this text an SVG data URL as a browser would read it (any case, leading white space)? */
export const isSvgDataUrl = (value: string) => /^\s*data:\s*image\/svg\+xml\s*[;,]/i.test(value);

/** Decodes an SVG data URL (base64 or percent-encoded text, any parameters); null when it is not one. */
export function decodeSvgDataUrl(url: string): string | null {
  const m = SVG_DATA_URL.exec(url);
  if (!m) return null;
  const base64 = m[1]!.split(';').some((p) => p.trim().toLowerCase() === 'base64');
  try {
    return base64 ? Buffer.from(m[2]!.replace(/\s+/g, ''), 'base64').toString('utf8') : decodeURIComponent(m[2]!);
  } catch {
    return null;
  }
}

/** The sanitised image as a base64 data URL ('' for something that is no SVG at all). */
export function sanitizeSvgDataUrl(url: string): string {
  const svg = decodeSvgDataUrl(url);
  if (svg === null) return '';
  const clean = sanitizeSvg(svg);
  if (!/<svg[\s/>]/.test(clean)) return '';
  // Nothing was removed: keep the uploaded bytes (round trips stay exact).
  if (normalise(clean) === normalise(svg)) return url;
  return `${SVG_PREFIX};base64,${Buffer.from(clean, 'utf8').toString('base64')}`;
}

/** A stored SVG icon: '' stays '', an SVG data URL is sanitised, anything else (another scheme, a link) is dropped. */
export const cleanSvgIcon = (value: string): string => (value === '' ? '' : isSvgDataUrl(value) ? sanitizeSvgDataUrl(value) : '');

/** Replaces every SVG data URL in a parsed request body by its sanitised form (deep). */
export function sanitizeSvgDataUrls<T>(value: T): T {
  if (typeof value === 'string') return (isSvgDataUrl(value) ? sanitizeSvgDataUrl(value) : value) as T;
  if (Array.isArray(value)) return value.map(sanitizeSvgDataUrls) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitizeSvgDataUrls(v)])) as T;
  }
  return value;
}
