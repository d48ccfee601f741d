/** Integer ids (the spec's ids are integers) from atomic counters. */
import { keys } from './keys';
import { addToCounter } from './operations';

export const nextId = (kind: string): Promise<number> => addToCounter(keys.counter(kind), 'value', 1);
