/** The player domain on the table's stream: a learner's task progress is projected into the user course and XP. */
import type { StreamProjection } from '../platform/streams/projection';
import { projectTaskProgress } from './projection';
import { forgetAuthored } from './authored';

export const playerStream: StreamProjection = {
  name: 'player',
  projectBatch: async (changes) => {
    changes.forEach(forgetAuthored);
    await projectTaskProgress(changes);
  },
};
