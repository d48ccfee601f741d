/** The shard publisher Lambda's entry: one shard of a wide topic's publish, invoked asynchronously a shard. */
export { handler } from '../platform/ws/shard-handler';
