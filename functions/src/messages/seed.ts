/** The messages domain's part of the first-start seed: two messages for the demo student. */
import { specTimeInDays } from '@lectio/shared';
import { batchPut } from '../platform/db/batch';
import { messageItem } from './messages';

const at = (offsetDays: number) => specTimeInDays(offsetDays);

export const seedWelcomeMessages = (studentId: number) =>
  batchPut([
    messageItem({
      userId: studentId,
      messageId: 1,
      title: 'Welcome to Lectio',
      description: '<p>Start with <strong>Python basics</strong>. Read the first chapter to unlock the next one.</p>',
      messageType: 1,
      passed: 0,
      date: at(0),
    }),
    messageItem({
      userId: studentId,
      messageId: 2,
      title: 'Weekly quiz is open',
      description: '<p>Join the weekly quiz on the Competitions tab of your course.</p>',
      messageType: 2,
      passed: 1,
      date: at(-1),
    }),
  ]);
