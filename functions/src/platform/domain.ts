/**
 * What a domain plugs into the platform: its topic kinds (who may listen, what a new subscriber is
 * told), its WebSocket actions, its stream projections, the pushes its events mean and its one-time jobs. The platform's
 * handlers are factories over a list of domains; the composition root (`functions/src/app/`) lists
 * them, so the platform itself imports no domain.
 */
import type { ClientMessage, DomainEvent, ServerMessage, Topic } from '@lectio/events';
import type { ConnectionRecord } from './ws/connections';
import type { StreamProjection } from './streams/projection';
import type { OneTimeJobRun } from './schedules/one-time';

/** Sends one message to the connection that is being served. */
export type Send = (message: ServerMessage) => Promise<unknown>;

export interface ActionContext {
  connectionId: string;
  send: Send;
}

/** A topic kind (`{kind}:{id}`) a domain owns. */
export interface TopicKind {
  kind: string;
  /** May this connection listen to the topic with this id? Anything without a guard is refused. */
  guard: (conn: ConnectionRecord, id: string) => Promise<boolean> | boolean;
  /** What a new subscriber is told at once (e.g. the end of a job that ended before it subscribed). */
  onSubscribe?: (conn: ConnectionRecord, topic: Topic, id: string, send: Send) => Promise<void>;
}

/** A client action's handler; it answers the status code. */
export type ActionHandler<A extends ClientMessage['action']> = (
  message: Extract<ClientMessage, { action: A }>,
  ctx: ActionContext,
) => Promise<number>;

export type WsActions = { [A in ClientMessage['action']]?: ActionHandler<A> };

/** One push: a message to every subscriber of a topic. */
export interface Push {
  topic: Topic;
  message: ServerMessage;
}

/** The pushes a domain event means, per event type. */
export type EventPushes = {
  [T in DomainEvent['detailType']]?: (event: Extract<DomainEvent, { detailType: T }>) => Push[];
};

/** A domain's real-time part. */
export interface DomainRealtime {
  name: string;
  topics?: TopicKind[];
  actions?: WsActions;
  streams?: StreamProjection[];
  pushes?: EventPushes;
  /** The one-time jobs it schedules (`scheduleAt(kind, …)`): what runs for each kind at its instant. */
  jobs?: Record<string, OneTimeJobRun>;
}
