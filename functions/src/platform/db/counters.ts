/** Integer ids (the spec's ids are integers) from atomic counters. */
import { keys } from './keys';
import { addToCounter } from './operations';

export const nextId = (kind: string): Promise<number> => addToCounter(keys.counter(kind), 'value', 1);

/** `count` consecutive ids with one counter update (the first of them; seeding many items at once). */
export const nextIds = async (kind: string, count: number): Promise<number> => (await addToCounter(keys.counter(kind), 'value', count)) - count + 1;
