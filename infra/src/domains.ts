/**
 * What the HTTP domain Lambdas need beyond the defaults. Every active domain of the route registry
 * becomes one Lambda; a domain that is not listed here gets 256 MB and table + secret access only.
 * Native packages (argon2) are found from the imports, not listed here (see native-deps.ts).
 */
import type { Domain } from '@lectio/shared';
import { ACCOUNTS_RESERVED_CONCURRENCY } from './protection';

export interface DomainNeeds {
  memorySize?: number;
  /** Sends mail through SES (MAIL_TRANSPORT=ses, ses:SendEmail on the configured identity). */
  sendsMail?: boolean;
  /** Pushes to WebSocket clients (WS_MANAGEMENT_ENDPOINT, execute-api:ManageConnections). */
  publishes?: boolean;
  /** Reserved concurrency: a flood on this domain cannot take the account's whole concurrency. */
  reservedConcurrency?: number;
}

export const domainNeeds: Partial<Record<Domain, DomainNeeds>> = {
  // argon2id with 19 MiB per hash: 512 MB also buys the CPU share that keeps a login fast.
  // Logout and password changes close the user's sockets (publishes).
  accounts: { memorySize: 512, sendsMail: true, publishes: true, reservedConcurrency: ACCOUNTS_RESERVED_CONCURRENCY },
  // judge progress goes to the ticket's WebSocket topic
  judge: { publishes: true },
  // Submit ALL and the teacher's early close announce competition.closed (user and competition topics)
  competitions: { publishes: true },
  // Submit ALL and the close at the deadline announce competition.closed on revision:{id}
  revisions: { publishes: true },
};
