/**
 * What a domain contributes to the table's stream: the domain events an item change means (pure,
 * pushed to browsers by the stream handler) and the read models it keeps in step (projections).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DomainEvent } from '@lectio/events';

export type Image = Record<string, unknown>;

/** One item change: the images before and after (either may be missing: insert / remove). */
export interface ItemChange {
  eventName: DynamoDBRecord['eventName'];
  before?: Image;
  after?: Image;
}

export interface StreamProjection {
  /** For logs: which projection failed. */
  name: string;
  /** The domain events the change means; pure. */
  events?: (change: ItemChange) => DomainEvent[];
  /** Keeps a read model in step with the change (a batch's changes are given one by one, in stream order). */
  project?: (change: ItemChange) => Promise<void>;
  /**
   * Keeps a read model in step with a whole batch of changes (in stream order), in place of `project`:
   * for projections that save work by coalescing, e.g. one write per learner rather than per change.
   * Like `project`, it must converge when a batch is given again.
   */
  projectBatch?: (changes: ItemChange[]) => Promise<void>;
}

const image = (raw: unknown): Image | undefined => (raw ? unmarshall(raw as Record<string, AttributeValue>) : undefined);

export const changeOf = (record: DynamoDBRecord): ItemChange => ({
  eventName: record.eventName,
  before: image(record.dynamodb?.OldImage),
  after: image(record.dynamodb?.NewImage),
});
