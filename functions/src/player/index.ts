/**
 * The player domain's public face: what other domains may use. A domain imports another only
 * through its index (lint: eslint.config.js, functionsBoundaryZones).
 */
export { assertTaskPlayable, getChapter, learnerMayPlayTask } from './access';
export { playerKeys } from './keys';
export { taskLanguage } from './lessons';
export { readPerformance } from './performance';
export { readProgress, recordResult } from './progress';
export { toPlayerTask } from './lessons';
export { playerTask } from './authored';
export { scoreAnswer } from './evaluate';
export { progressOfTasks, taskAttemptsOf, writeTeacherScore } from './teacher-score';
export type { TaskProgressItem } from './entities';
export { essayAttemptById, essayAttemptView, essayAttemptsOf, reviewEssayAttempt } from './essay';
