/**
 * The server's error texts and their stable codes. An error body is `{ message, description?,
 * errors?, code }`: `message` and `description` stay the English texts other clients know (spec/1
 * §8); `code` names the text so the web can show it in the user's language (web locales,
 * `serverErrors.<code>`). The one error mapping (functions platform/http/router.ts) adds the code:
 * a text of this catalogue gets its own code, anything else the generic code of its status.
 *
 * A new error text: add it here, then a translation of its code in all 8 web locales.
 */
// Zod-free: the web's first screen matches error texts (see plain-texts.ts).
import { CHAPTER_HIDDEN, GRADING_IS_OBJECT_LEVEL, LESSON_HIDDEN, NO_HELP, questionnaireTexts, revisionTexts, TASK_HIDDEN } from './plain-texts';

const questionnaireError = (description: string) => ({ message: questionnaireTexts.error, description, byDescription: true }) as const;

export interface ServerErrorText {
  /** The English `message`; `{name}` marks a value taken from the actual message. */
  message: string;
  /** The English `description`, when the error carries one (the text a user should read). */
  description?: string;
  /**
   * The message is shared by several texts told apart by their description (the questionnaires' 'Error'
   * with what went wrong, spec/3 §8): the entry matches only when the description is this one too.
   */
  byDescription?: true;
}

export const serverErrors = {
  // Generic texts, also the codes of errors whose text is not catalogued (see genericErrorCode).
  invalid_input: { message: 'Invalid input.' },
  unauthorized: { message: 'Unauthorized.' },
  forbidden: { message: 'Forbidden.' },
  not_found: { message: 'Not found.' },
  conflict: { message: 'Conflict.' },
  too_many_attempts: { message: 'Too many attempts. Try again later.' },
  internal_error: { message: 'Internal server error.' },
  malformed_json: { message: 'Malformed JSON body.' },
  // Accounts.
  client_authentication_failed: { message: 'Client authentication failed.' },
  wrong_credentials: { message: 'The user credentials were incorrect.' },
  user_not_found: { message: 'User not found.' },
  email_used: { message: 'Email "{email}" is used. Registration was aborted.' },
  confirmation_invalid: {
    message: 'Invalid or expired confirmation link.',
    description: 'The confirmation link is invalid, used or expired. Register again or log in.',
  },
  registration_not_finished: { message: 'Registration cannot be finished.', description: 'Wrong e-mail or password.' },
  account_not_confirmed: { message: 'Account not confirmed.', description: 'Please confirm your e-mail address first.' },
  reset_code_invalid: {
    message: 'Invalid code.',
    description: 'The code is wrong or expired. Check the mail or ask for a new code.',
  },
  reset_expired: { message: 'Invalid request.', description: 'The password change has expired. Start again.' },
  reset_code_attempts: { message: 'Too many wrong attempts. Ask for a new code.' },
  not_logged_user_email: { message: 'This is not email of logged user.', description: 'This is not email of logged user.' },
  // Catalogue.
  category_not_found: { message: 'Category not found.' },
  area_not_found: { message: 'Area not found.' },
  course_not_found: { message: 'Course not found.' },
  name_required: { message: 'A name is required in at least one language.' },
  order_changed: { message: 'The order changed meanwhile. Reload and try again.' },
  swap_other_category: { message: 'Only areas of the same category can be swapped.' },
  swap_other_area: { message: 'Only courses of the same area can be swapped.' },
  invalid_file: { message: 'Please upload a valid file.' },
  // Competitions.
  competition_not_found: { message: 'Competition not found.', description: 'The competition does not exist in this course.' },
  competition_closed: { message: 'Competition closed.', description: 'The competition is not open now.' },
  competition_wrong_key: { message: 'Wrong key.', description: 'The competition key is not correct.' },
  // Competitions on the server's clock (issue 22).
  competition_over: { message: 'The competition has ended. Answers are no longer accepted.' },
  competition_not_joined: { message: 'Join the competition first.' },
  competition_no_tasks: { message: 'This competition has no tasks to play yet.' },
  competition_attempt_not_found: { message: 'Competition attempt not found.' },
  competition_attempt_of_another: { message: 'This competition attempt belongs to another user.' },
  competition_results_closed: { message: 'The results of this competition are not available now.' },
  competition_not_your_student: { message: 'Only a teacher of the student\u2019s group can see or grade this.' },
  competition_not_a_task: { message: 'This task is not a competition task.' },
  competition_not_teacher: { message: 'Only a teacher of this course can see this.' },
  competition_no_solution: { message: 'No solution of this task.' },
  // Messages.
  message_not_found: { message: 'Message not found.' },
  message_finish_past: { message: 'The finish date is in the past.' },
  message_no_entry: { message: 'Write the message in at least one language first.' },
  // Kernels (issue 25).
  kernel_not_found: { message: 'Kernel not found.' },
  kernel_not_configured: { message: 'No kernel service is configured.' },
  // Groups (issue 21).
  group_not_found: { message: 'Group not found.' },
  group_not_in_course: { message: 'This group is not a group of the course.' },
  group_not_owner: { message: 'Only the owner of the group may do this.' },
  group_wrong_key: { message: 'Wrong group key.', description: 'The group key is not correct.' },
  group_wrong_teacher_key: { message: 'Wrong teacher key.', description: 'The teacher key is not correct.' },
  group_no_teacher_key: { message: 'This group has no teacher key: only its owner teaches it.' },
  group_not_teaching: { message: 'You do not teach this group.' },
  group_not_member: { message: 'You are not a member of this group.' },
  // Teaching (issue 21).
  course_contains_groups: { message: 'Course contains groups' },
  group_in_course: { message: 'The group is already in the course.' },
  // Authoring and the player (issue 18).
  grading_object_level: { message: GRADING_IS_OBJECT_LEVEL },
  task_hidden: { message: TASK_HIDDEN },
  lesson_hidden: { message: LESSON_HIDDEN },
  chapter_hidden: { message: CHAPTER_HIDDEN },
  task_no_help: { message: NO_HELP },
  // Revisions (issue 22).
  revision_title_missing: { message: revisionTexts.titleMissing },
  revision_no_chapters: { message: revisionTexts.noChapters },
  revision_no_task_types: { message: revisionTexts.noTaskTypes },
  revision_not_enough_tasks: { message: revisionTexts.notEnoughTasks },
  revision_no_tasks: { message: revisionTexts.noTasks },
  revision_not_found: { message: revisionTexts.notFound },
  revision_not_opened: { message: revisionTexts.notOpened },
  revision_not_open_yet: { message: revisionTexts.notOpenYet },
  revision_closed: { message: revisionTexts.closed },
  revision_over: { message: revisionTexts.over },
  revision_not_started: { message: revisionTexts.notStarted },
  revision_not_in_attempt: { message: revisionTexts.notInAttempt },
  revision_not_question: { message: revisionTexts.notQuestion },
  // Questionnaires (issue 23): 'Error' with what went wrong as the description.
  questionnaire_not_found: questionnaireError(questionnaireTexts.notFound),
  questionnaire_element_not_found: questionnaireError(questionnaireTexts.elementNotFound),
  questionnaire_too_many_elements: questionnaireError(questionnaireTexts.tooManyElements),
  questionnaire_bad_content: questionnaireError(questionnaireTexts.badContent),
  questionnaire_no_choices: questionnaireError(questionnaireTexts.noChoices),
  questionnaire_order_changed: questionnaireError(questionnaireTexts.orderChanged),
  questionnaire_other_questionnaire: questionnaireError(questionnaireTexts.otherQuestionnaire),
  questionnaire_no_targets: questionnaireError(questionnaireTexts.noTargets),
  questionnaire_unknown_group: questionnaireError(questionnaireTexts.unknownGroup),
  questionnaire_unknown_course: questionnaireError(questionnaireTexts.unknownCourse),
  questionnaire_not_sent: questionnaireError(questionnaireTexts.notSent),
  questionnaire_not_yours: questionnaireError(questionnaireTexts.notYours),
  questionnaire_finished: questionnaireError(questionnaireTexts.finished),
  questionnaire_not_answerable: questionnaireError(questionnaireTexts.notAnswerable),
  questionnaire_bad_answer: questionnaireError(questionnaireTexts.badAnswer),
} as const satisfies Record<string, ServerErrorText>;

export type ServerErrorCode = keyof typeof serverErrors;

export const serverErrorCodes = Object.keys(serverErrors) as ServerErrorCode[];

export const isServerErrorCode = (value: unknown): value is ServerErrorCode =>
  typeof value === 'string' && Object.hasOwn(serverErrors, value);

/** The code of an uncatalogued text, by status. */
export function genericErrorCode(status: number): ServerErrorCode {
  switch (status) {
    case 400:
      return 'invalid_input';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'too_many_attempts';
    default:
      return status >= 500 ? 'internal_error' : 'invalid_input';
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template (`Email "{email}" is used.`) as an anchored pattern with one named group per value. */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.*)` : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`, 's');
}

const patterns = serverErrorCodes.map((code) => {
  const text: ServerErrorText = serverErrors[code];
  return [code, templatePattern(text.message), text.byDescription ? text.description : undefined] as const;
});

export interface ErrorTextMatch {
  code: ServerErrorCode;
  /** Values of the template's `{name}` parts. */
  values: Record<string, string>;
}

/** The catalogue entry a message text (and description) belongs to (with its values), or null when it has none. */
export function matchServerError(message: string, description?: string): ErrorTextMatch | null {
  for (const [code, pattern, wantedDescription] of patterns) {
    if (wantedDescription !== undefined && wantedDescription !== description) continue;
    const match = pattern.exec(message);
    if (match) return { code, values: { ...(match.groups ?? {}) } };
  }
  return null;
}

/** The code for an error answer: its text's code, or the generic code of its status. */
export const serverErrorCode = (status: number, message: string, description?: string): ServerErrorCode =>
  matchServerError(message, description)?.code ?? genericErrorCode(status);
