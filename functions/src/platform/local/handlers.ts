/**
 * What the local cloud runs, given to it by the composition root (`app/local-handlers.ts`), so the platform
 * itself imports no domain: the domains' HTTP Lambdas, the WebSocket, stream and schedule Lambdas (the same
 * modules the CDK stacks deploy), the stream's event delivery and the first-start seed. Every module is
 * loaded lazily, after the environment (table, endpoints, secrets) has been set.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Domain } from '@lectio/shared';
import type { DomainEvent } from '@lectio/events';
import type { WsHandler } from './ws-gateway';
import type { StreamHandler } from './stream-poller';
import type { ScheduleHandler } from './scheduler';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface SeedOutcome {
  seeded: boolean;
  accounts: Record<string, number>;
  passwords?: Record<string, string>;
  demoCourseId?: number;
  /** What the seed left for after `ready` (the demo learners), run by the local cloud once it answers. */
  finish?: () => Promise<void>;
}

/** The table's stream as the seed sees it (the local cloud's stream poller, already running). */
export interface SeedStream {
  /**
   * Runs `write`, which writes `items` (each once) with their own projections: the stream hands their
   * records to no projection, and goes on projecting everything else meanwhile.
   */
  passOver: (items: Array<Record<string, unknown>>, write: () => Promise<void>) => Promise<void>;
  /** Resolves once every change so far is projected. */
  drain: () => Promise<void>;
}

export interface LocalHandlers {
  http: Partial<Record<Domain, () => Promise<{ handler: HttpHandler }>>>;
  ws: () => Promise<WsHandler>;
  stream: () => Promise<StreamHandler>;
  schedule: () => Promise<ScheduleHandler>;
  /** `/_local/domain-events`: a domain event delivered as a table change would be. */
  deliver: () => Promise<(event: DomainEvent) => Promise<unknown>>;
  seedIfEmpty: () => Promise<(options: { content: boolean; demoPasswords?: boolean }, stream: SeedStream) => Promise<SeedOutcome>>;
  /** The kernel proxy under `/kernels` (REST and the channels WebSocket), when kernels are offered here. */
  kernels?: { configured: () => boolean; load: () => Promise<KernelProxyLike> };
}

/** What the local server needs of the kernels domain's proxy (it starts jupyter-server itself, on first use). */
export interface KernelProxyLike {
  http(req: IncomingMessage, res: ServerResponse): Promise<void>;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/** The HTTP handler of a domain, loaded once. */
export function httpHandlers(modules: LocalHandlers['http']): (domain: Domain) => Promise<HttpHandler> {
  const cache = new Map<Domain, Promise<HttpHandler>>();
  return (domain) => {
    let h = cache.get(domain);
    if (!h) {
      const load = modules[domain];
      if (!load) throw new Error(`no handler module for domain ${domain}`);
      h = load().then((m) => m.handler);
      cache.set(domain, h);
    }
    return h;
  };
}
