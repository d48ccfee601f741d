/** The catalogue's real-time part: its read models (leaderboard, counts) kept in step with the table's stream. */
import type { DomainRealtime } from '../platform/domain';
import { catalogueStream } from './stream';

export const catalogueRealtime: DomainRealtime = { name: 'catalogue', streams: [catalogueStream] };
