/**
 * The eight login illustrations; the page shows a random four (spec/1 §9). They travel inside the login
 * screen's code as data: URLs (5 KB together, `?inline`): the largest thing on the first screen no longer
 * waits for a request of its own once the page has rendered (issue 20 item 22, largest contentful paint).
 */
import book from '@/assets/illustrations/book.svg?inline';
import globe from '@/assets/illustrations/globe.svg?inline';
import graduationCap from '@/assets/illustrations/graduation-cap.svg?inline';
import laptop from '@/assets/illustrations/laptop.svg?inline';
import lightBulb from '@/assets/illustrations/light-bulb.svg?inline';
import puzzle from '@/assets/illustrations/puzzle.svg?inline';
import rocket from '@/assets/illustrations/rocket.svg?inline';
import trophy from '@/assets/illustrations/trophy.svg?inline';

export interface Illustration {
  id: string;
  src: string;
}

export const illustrations: Illustration[] = [
  { id: 'book', src: book },
  { id: 'laptop', src: laptop },
  { id: 'graduation-cap', src: graduationCap },
  { id: 'light-bulb', src: lightBulb },
  { id: 'rocket', src: rocket },
  { id: 'puzzle', src: puzzle },
  { id: 'trophy', src: trophy },
  { id: 'globe', src: globe },
];

/** `count` distinct illustrations in random order (Fisher-Yates on a copy). */
export function pickIllustrations(count = 4, random: () => number = Math.random): Illustration[] {
  const pool = [...illustrations];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/**
 * The illustrations of the login page rendered at build time (src/prerender.tsx), while it is on screen:
 * hydration must draw the same four. Null anywhere else (a later visit draws its own).
 */
export function prerenderedIllustrations(): Illustration[] | null {
  if (typeof document === 'undefined') return null;
  const shown = Array.from(document.querySelectorAll<HTMLElement>('#root[data-prerendered] [data-illustration]'), (element) =>
    illustrations.find((illustration) => illustration.id === element.dataset.illustration),
  );
  return shown.length > 0 && shown.every(Boolean) ? (shown as Illustration[]) : null;
}
