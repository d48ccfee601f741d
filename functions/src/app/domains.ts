/**
 * The composition root: the domains whose real-time parts plug into the platform. Their stream
 * projections run in this order for each batch (the catalogue's first, as before).
 */
import type { DomainRealtime } from '../platform/domain';
import { catalogueRealtime } from '../catalogue/realtime';
import { playerRealtime } from '../player/realtime';
import { judgeRealtime } from '../judge/realtime';
import { messagesRealtime } from '../messages/realtime';
import { accountsRealtime } from '../accounts/realtime';
import { competitionsRealtime } from '../competitions/realtime';
import { teachingRealtime } from '../teaching/realtime';
import { revisionsRealtime } from '../revisions/realtime';

export const domains: DomainRealtime[] = [
  catalogueRealtime,
  playerRealtime,
  judgeRealtime,
  messagesRealtime,
  accountsRealtime,
  competitionsRealtime,
  teachingRealtime,
  revisionsRealtime,
];
