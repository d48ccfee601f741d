/**
 * The competitions domain's public face: what other domains may use (lint: a domain imports another
 * only through its index). The player and the judge ask `assertAttemptRunning` before they accept an
 * answer, a code save or a run of a competition task; a timed attempt of another kind (revisions) can
 * reuse the countdown machinery (schedule the close at the deadline, announce it, the sync message).
 */
export { assertAttemptRunning, attemptOpenAt, COMPETITION_NOT_JOINED, COMPETITION_OVER, syncMessage } from './attempts';
export { announceClosed, cancelClose, scheduleClose } from './countdown';
