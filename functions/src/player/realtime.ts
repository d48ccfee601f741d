/** The player's real-time part: the progress aggregates kept in step with the table's stream. */
import type { DomainRealtime } from '../platform/domain';
import { playerStream } from './stream';

export const playerRealtime: DomainRealtime = { name: 'player', streams: [playerStream] };
