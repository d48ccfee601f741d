/** The eight login illustrations; the page shows a random four (spec/1 §9). */
import book from '@/assets/illustrations/book.svg';
import globe from '@/assets/illustrations/globe.svg';
import graduationCap from '@/assets/illustrations/graduation-cap.svg';
import laptop from '@/assets/illustrations/laptop.svg';
import lightBulb from '@/assets/illustrations/light-bulb.svg';
import puzzle from '@/assets/illustrations/puzzle.svg';
import rocket from '@/assets/illustrations/rocket.svg';
import trophy from '@/assets/illustrations/trophy.svg';

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
