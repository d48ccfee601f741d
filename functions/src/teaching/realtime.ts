/** The teaching domain's real-time part: the learners' lesson summaries kept in step with their task progress, and each lesson's task columns with its tasks. */
import type { DomainRealtime } from '../platform/domain';
import type { StreamProjection } from '../platform/streams/projection';
import { projectTaskHeaders } from './headers';
import { projectLessonProgress } from './projection';

export const teachingStream: StreamProjection = {
  name: 'teaching',
  projectBatch: async (changes) => {
    await Promise.all([projectLessonProgress(changes), projectTaskHeaders(changes)]);
  },
};

export const teachingRealtime: DomainRealtime = { name: 'teaching', streams: [teachingStream] };
