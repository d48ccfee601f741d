/**
 * Typed stored items: an entity is a zod schema of what one kind of item holds, and the reads and
 * writes of the table that go through it. Every item read is parsed with the schema (numbers an old
 * item lacks get their default, so no caller coerces `Number(v ?? 0)`), every item written is checked
 * by the compiler against it. Keys stay where they are spelled (`<domain>/keys.ts`); an entity adds no
 * attribute to an item and changes no request, so stored items, keys and capacity are what they were
 * (README.md in this folder: why zod, not dynamodb-toolbox, and what parsing costs).
 *
 * Schemas are loose objects: attributes the schema does not name (keys, GSI keys, `type`) pass through.
 * An item that does not match its schema is a bug or corrupt data: `StoredItemInvalid` names the entity,
 * the key and the field, and the request fails as any unexpected error does (a logged 500).
 */
import * as z from 'zod';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import { batchGet, batchGetEach } from './batch';
import { queryAll, type Key, type KeyPrefix, type QueryExtras } from './operations';

/*
 * The attribute helpers use `.default()` and no transform: zod parses an object of plain and defaulted
 * fields several times faster than one with transforms (README.md: 1-2 µs against 6-7 µs an item).
 */

/** A number attribute: an item that lacks it (written before it existed) reads `fallback`. */
export const num = (fallback = 0) => z.number().default(fallback);

/** A number attribute that may be absent or null (kept as it is). */
export const optNum = () => z.number().nullish();

/** A string attribute: an item that lacks it reads `fallback`. */
export const str = (fallback = '') => z.string().default(fallback);

/** A string attribute that may be absent or null (kept as it is). */
export const optStr = () => z.string().nullish();

/** A map of language id → text (names, descriptions). */
export const texts = () => z.record(z.string(), z.string()).optional();

/** A stored item failed its schema: which entity, which key, what is wrong. */
export class StoredItemInvalid extends Error {
  constructor(entity: string, item: Record<string, unknown>, issues: z.core.$ZodIssue[]) {
    const where = issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(item)'}: ${i.message}`)
      .join('; ');
    super(`Stored ${entity} ${JSON.stringify({ pk: item.pk, sk: item.sk })} does not match its schema: ${where}`);
    this.name = 'StoredItemInvalid';
  }
}

type Raw = Record<string, unknown>;
type Shape = z.core.$ZodLooseShape;

/** Options of a read by key. */
export interface GetOptions {
  consistent?: boolean;
}

/** The parsed item of a shape (typed without the attributes the schema does not name, though they are kept). */
export type Parsed<T extends Shape> = z.output<z.ZodObject<T>>;
/** What a write of a shape must hold: its key, the shape's attributes (defaulted ones optional), any further attribute (GSI keys, `type`). */
export type Stored<T extends Shape> = Key & z.input<z.ZodObject<T>> & Raw;

export interface Entity<T extends Shape> {
  readonly name: string;
  readonly schema: z.ZodObject<T, z.core.$loose>;
  /** An item as stored (what a read answers). */
  readonly _item?: Parsed<T>;
  /** Parses one raw item (a read, a stream image, a batch read); throws `StoredItemInvalid`. */
  parse(raw: Raw): Parsed<T>;
  /** Parses a raw item that may be absent. */
  parseOrNull(raw: Raw | undefined | null): Parsed<T> | null;
  /** One item by key, or null. */
  get(key: Key, options?: GetOptions): Promise<Parsed<T> | null>;
  /** Some attributes of one item by key (a projection), parsed by their part of the schema; null when missing. */
  getFields<F extends Field<T>>(key: Key, fields: F[], options?: GetOptions): Promise<Pick<Parsed<T>, F & keyof Parsed<T>> | null>;
  /** Whether the item exists (one key read projecting `pk`). */
  exists(key: Key, options?: { consistent?: boolean }): Promise<boolean>;
  /** Items by key in no particular order (missing ones left out). */
  batchGet(keys: Key[], options?: { consistent?: boolean }): Promise<Array<Parsed<T>>>;
  /** Every item of a sort-key prefix (all pages). */
  queryPrefix(prefix: KeyPrefix, extra?: QueryExtras): Promise<Array<Parsed<T>>>;
  /** Every item of a partition (all pages). */
  queryPartition(pk: string, extra?: QueryExtras): Promise<Array<Parsed<T>>>;
  /** Every item of any query (a GSI, a key range; all pages). */
  queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Array<Parsed<T>>>;
  /** One page of a query (a Limit, the newest N, a page with its LastEvaluatedKey). */
  queryPage(input: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: Array<Parsed<T>>; last: Record<string, unknown> | undefined }>;
  /** The newest `limit` items (highest sort keys) under a prefix: one page, newest first. */
  latest(prefix: KeyPrefix, limit: number): Promise<Array<Parsed<T>>>;
  /** The Put of an item typed by the schema (for a transaction, or `db.send(new PutCommand(…))`). */
  putInput(item: Stored<T>, condition?: Partial<Omit<PutCommandInput, 'TableName' | 'Item'>>): PutCommandInput & { TableName: string };
  /** Puts an item typed by the schema. */
  put(item: Stored<T>, condition?: Partial<Omit<PutCommandInput, 'TableName' | 'Item'>>): Promise<void>;
  /** An update of named attributes of the item (for a transaction, or `update`). */
  updateInput(key: Key, change: Change<T>): UpdateInput;
  /** Updates named attributes; answers the item after the update when `returnItem` (parsed), else null. */
  update(key: Key, change: Change<T>, options?: { returnItem?: boolean }): Promise<Parsed<T> | null>;
  /** A delete (optionally conditioned), for a transaction or `remove`. */
  deleteInput(key: Key, condition?: Partial<Omit<DeleteCommandInput, 'TableName' | 'Key'>>): DeleteCommandInput & { TableName: string };
  remove(key: Key, condition?: Partial<Omit<DeleteCommandInput, 'TableName' | 'Key'>>): Promise<void>;
}

/** The attribute names of an entity. */
type Field<T extends Shape> = Extract<keyof T, string>;
type InputOf<T extends Shape, F extends string> = F extends keyof z.input<z.ZodObject<T>> ? z.input<z.ZodObject<T>>[F] : unknown;
type NumberField<T extends Shape> = { [F in Field<T>]: F extends keyof Parsed<T> ? (Parsed<T>[F] extends number | null | undefined ? F : never) : never }[Field<T>];

/**
 * A typed update: `set` attributes to values, `setIfAbsent` only when the item lacks them, `add`
 * to number attributes (created at 0), `remove` attributes. A condition is spelled as DynamoDB does,
 * with its own names and values (`#`/`:` placeholders must not start with `#u`/`:u`).
 */
export interface Change<T extends Shape> {
  set?: Partial<{ [F in Field<T>]: InputOf<T, F> }>;
  setIfAbsent?: Partial<{ [F in Field<T>]: InputOf<T, F> }>;
  add?: Partial<Record<NumberField<T>, number>>;
  remove?: Array<Field<T>>;
  condition?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** An Update as a transaction (or UpdateCommand) takes it. */
export interface UpdateInput {
  TableName: string;
  Key: Key;
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Raw;
}

/** A change as `updateExpression` reads it (an entity's `Change` is one, typed by its schema). */
export interface AnyChange {
  set?: Raw;
  setIfAbsent?: Raw;
  add?: Partial<Record<string, number>>;
  remove?: string[];
  condition?: string;
  names?: Record<string, string>;
  values?: Raw;
}

/** Builds an UpdateExpression (with placeholders for every name and value) from a typed change. */
export function updateExpression(change: AnyChange): Omit<UpdateInput, 'TableName' | 'Key'> {
  const names: Record<string, string> = { ...(change.names ?? {}) };
  const values: Record<string, unknown> = { ...(change.values ?? {}) };
  let i = 0;
  const placeholder = (field: string, ...value: [unknown?]) => {
    const at = i++;
    names[`#u${at}`] = field;
    if (value.length) values[`:u${at}`] = value[0];
    return at;
  };
  const sets: string[] = [];
  for (const [field, value] of Object.entries(change.set ?? {})) {
    if (value === undefined) continue;
    const at = placeholder(field, value);
    sets.push(`#u${at} = :u${at}`);
  }
  for (const [field, value] of Object.entries(change.setIfAbsent ?? {})) {
    if (value === undefined) continue;
    const at = placeholder(field, value);
    sets.push(`#u${at} = if_not_exists(#u${at}, :u${at})`);
  }
  const adds: string[] = [];
  for (const [field, delta] of Object.entries(change.add ?? {})) {
    if (delta === undefined) continue;
    const at = placeholder(field, delta);
    adds.push(`#u${at} :u${at}`);
  }
  const removes = (change.remove ?? []).map((field) => `#u${placeholder(field)}`);
  const parts = [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean);
  if (!parts.length) throw new Error('An update must change something.');
  return {
    UpdateExpression: parts.join(' '),
    ...(change.condition ? { ConditionExpression: change.condition } : {}),
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/**
 * Defines an entity over a loose zod object schema (`z.looseObject({...})`): attributes it does not
 * name pass through untouched.
 */
export function defineEntity<const T extends Shape>(name: string, shape: T): Entity<T> {
  const schema = z.looseObject(shape);
  const picked = new Map<string, z.ZodType>();
  const pickOf = (fields: string[]) => {
    const id = fields.join(',');
    let s = picked.get(id);
    if (!s) picked.set(id, (s = z.looseObject(Object.fromEntries(fields.filter((f) => f in shape).map((f) => [f, shape[f]!])))));
    return s;
  };
  type Out = Parsed<T>;

  const parseWith = (s: z.ZodType, raw: Raw): Out => {
    const out = s.safeParse(raw);
    if (!out.success) throw new StoredItemInvalid(name, raw, out.error.issues);
    return out.data as Out;
  };
  const parse = (raw: Raw) => parseWith(schema, raw);
  const parseAll = (raws: Raw[]) => raws.map(parse);

  const putInput = (item: Raw, condition: Partial<Omit<PutCommandInput, 'TableName' | 'Item'>> = {}) => ({ TableName: table(), Item: item, ...condition });
  const updateInput = (key: Key, change: AnyChange): UpdateInput => ({ TableName: table(), Key: key, ...updateExpression(change) });
  const deleteInput = (key: Key, condition: Partial<Omit<DeleteCommandInput, 'TableName' | 'Key'>> = {}) => ({ TableName: table(), Key: key, ...condition });

  return {
    name,
    schema,
    parse,
    parseOrNull: (raw) => (raw ? parse(raw) : null),
    async get(key, { consistent = false } = {}) {
      const out = await db.send(new GetCommand({ TableName: table(), Key: key, ...(consistent ? { ConsistentRead: true } : {}) }));
      return out.Item ? parse(out.Item) : null;
    },
    async getFields(key, fields, { consistent = false } = {}) {
      const out = await db.send(
        new GetCommand({
          TableName: table(),
          Key: key,
          ProjectionExpression: fields.map((_, i) => `#p${i}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#p${i}`, f])),
          ...(consistent ? { ConsistentRead: true } : {}),
        }),
      );
      return out.Item ? parseWith(pickOf(fields), out.Item) : null;
    },
    async exists(key, { consistent = false } = {}) {
      const out = await db.send(new GetCommand({ TableName: table(), Key: key, ProjectionExpression: 'pk', ...(consistent ? { ConsistentRead: true } : {}) }));
      return Boolean(out.Item);
    },
    batchGet: async (keys, options) => parseAll(await batchGet<Raw>(keys, options)),
    queryPrefix: async ({ pk, prefix }, extra = {}) =>
      parseAll(
        await queryAll<Raw>({
          ...extra,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ...(extra.ExpressionAttributeValues ?? {}), ':pk': pk, ':prefix': prefix },
        }),
      ),
    queryPartition: async (pk, extra = {}) =>
      parseAll(await queryAll<Raw>({ ...extra, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ...(extra.ExpressionAttributeValues ?? {}), ':pk': pk } })),
    queryAll: async (input) => parseAll(await queryAll<Raw>(input)),
    async queryPage(input) {
      const out = await db.send(new QueryCommand({ TableName: table(), ...input }));
      return { items: parseAll(out.Items ?? []), last: out.LastEvaluatedKey };
    },
    async latest({ pk, prefix }, limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return parseAll(out.Items ?? []);
    },
    putInput,
    async put(item, condition) {
      await db.send(new PutCommand(putInput(item, condition)));
    },
    updateInput: (key, change) => updateInput(key, change as AnyChange),
    async update(key, change, { returnItem = false } = {}) {
      const out = await db.send(new UpdateCommand({ ...updateInput(key, change as AnyChange), ...(returnItem ? { ReturnValues: 'ALL_NEW' } : {}) }));
      return returnItem && out.Attributes ? parse(out.Attributes) : null;
    },
    deleteInput,
    async remove(key, condition) {
      await db.send(new DeleteCommand(deleteInput(key, condition)));
    },
  };
}

/** The item type of an entity: `type Message = ItemOf<typeof messages>`. */
/** What a write of an entity must hold: `const item = (…): StoredOf<typeof messages> => ({ … })`. */
export type StoredOf<E> = E extends Entity<infer T> ? Stored<T> : never;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ItemOf<E extends Entity<any>> = NonNullable<E['_item']>;

/** Reads items of different entities by key in one round trip, each parsed by its own entity (null when missing). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getEach<const E extends ReadonlyArray<Entity<any>>>(
  reads: { [I in keyof E]: [E[I], Key] },
  options: { consistent?: boolean } = {},
): Promise<{ [I in keyof E]: ItemOf<E[I]> | null }> {
  const raws = await batchGetEach<Raw>(
    reads.map(([, key]) => key),
    options,
  );
  return reads.map(([entity, _key], i) => entity.parseOrNull(raws[i])) as { [I in keyof E]: ItemOf<E[I]> | null };
}
