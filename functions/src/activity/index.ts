/**
 * The activity domain's public face: what other domains may use (the player's /write-to-log2 and the
 * accounts' login and logout record here). A domain imports another only through its index.
 */
export { recordActivity, activityItem, type ActivityEntry } from './log';
