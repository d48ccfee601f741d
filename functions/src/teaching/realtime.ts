/** The teaching domain's real-time part: the learners' lesson summaries kept in step with their task progress. */
import type { DomainRealtime } from '../platform/domain';
import type { StreamProjection } from '../platform/streams/projection';
import { forgetTaskHeaders } from './headers';
import { projectLessonProgress } from './projection';

export const teachingStream: StreamProjection = {
  name: 'teaching',
  projectBatch: async (changes) => {
    changes.forEach(forgetTaskHeaders);
    await projectLessonProgress(changes);
  },
};

export const teachingRealtime: DomainRealtime = { name: 'teaching', streams: [teachingStream] };
