/** Questionnaires Lambda: the admin's list, editor and sending; the student's list, answers and submit. */
import { questionnairesRoutes } from '@lectio/shared/api/questionnaires';
import { domainHandler } from '../platform/http/router';
import { changeOrder, changePage, deleteElement, deleteQuestionnaire, questionnaireElements, questionnaireList, saveElement, sendQuestionnaire } from './admin';
import { myQuestionnaire, myQuestionnaires, saveAnswer, submitQuestionnaire } from './student';

export const handler = domainHandler('questionnaires', [questionnairesRoutes], {
  getQuestionaires: () => questionnaireList(),
  getQuestionaire: ({ params }) => questionnaireElements(params.id),
  saveQuestionaireElement: ({ user, body }) => saveElement(user, body),
  changeQueElementOrder: ({ body }) => changeOrder(body),
  deleteQueElement: ({ body }) => deleteElement(body.id),
  changePageQueElement: ({ body }) => changePage(body.id, body.page),
  sendQuestionnaire: ({ user, body }) => sendQuestionnaire(user, body),
  deleteQuestionnaire: ({ body }) => deleteQuestionnaire(body.questionnaire_id),
  getMyQuestionaires: ({ user }) => myQuestionnaires(user),
  getMyQuestionaire: ({ user, params }) => myQuestionnaire(user, params.id),
  saveMyQanswer: ({ user, body }) => saveAnswer(user, body),
  submitQuestionnaire: ({ user, body }) => submitQuestionnaire(user, body.u_id),
});
