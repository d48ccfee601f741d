/** Judge Lambda: starts runs and evaluations, answers their results, stops them (the jobs run in workers). */
import { judgeRoutes } from '@lectio/shared/api/judge';
import { domainHandler } from '../platform/http/router';
import { getResult, getResult33, runTest, stop } from './service/service';
import { loadProgram, saveProgram } from './service/saved-code';
import { mySolutions } from './service/solutions';
import { getCourse } from '../catalogue';

export const handler = domainHandler('judge', [judgeRoutes], {
  vplRunTest3: ({ user, body }) => runTest(user, body),
  vplGetResult33: ({ user, body }) => getResult33(user, body.adminticket),
  vplGetResult: ({ user, body }) => getResult(user, body.adminticket),
  vplStop: ({ user, body }) => stop(user, body.adminticket),
  getVplCourseInfo: async ({ params }) => {
    const course = await getCourse(params.course_id);
    return { extension: course.file_extension ?? '', editorType: course.editor_template ?? '' };
  },
  loadProgram3: ({ user, params }) => loadProgram(user, params.task_id),
  saveProgram3: ({ user, body }) => saveProgram(user, body.task_id, body.files),
  getMySolutions: ({ user, params }) => mySolutions(user, params.task_id),
});
