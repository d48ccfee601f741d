/**
 * Texts of several domains that the server's error catalogue (server-errors.ts) and the web's forms name,
 * kept free of zod and of the domains' schemas: the web's first screen loads them, and building the route
 * schemas there cost a phone's CPU most of its start-up (issue 20 item 22). Each domain's module
 * re-exports its own (revisions.ts, questionnaires.ts, groups.ts, rules/learner-visibility.ts,
 * rules/grading-fields.ts); only code that must stay light imports them from here.
 */

/** The spec's texts of a revision save (§5), checked in this order. */
export const revisionTexts = {
  titleMissing: 'Title is missing.',
  noChapters: 'Chapters are not selected - select at least one chapter.',
  noTaskTypes: 'Task types are not selected - select at leats one task type.',
  notEnoughTasks: 'Selected chapters and task types do not contain enough tasks.',
  noTasks: 'You have to set at least 1 task.',
  notFound: 'Revision not found.',
  notOpened: 'This revision is not opened to you.',
  notOpenYet: 'This revision is not open yet.',
  closed: 'This revision is closed.',
  /** An answer received after the attempt's deadline (or after Submit ALL). */
  over: 'The revision has ended. Answers are no longer accepted.',
  notStarted: 'Start the revision first.',
  notInAttempt: 'This task is not part of your revision.',
  notQuestion: 'Only questions are answered in a revision.',
} as const;

/** Bounds of what is stored (a user's answers live in one item, so they are bounded together). */
export const questionnaireLimits = {
  elements: 100,
  pages: 20,
  contentChars: 20_000,
  descriptionChars: 10_000,
  choices: 30,
  choiceChars: 300,
  shortChars: 300,
  answerChars: 2_000,
  freeAnswerChars: 1_000,
  targets: 100,
  nameChars: 120,
} as const;

/**
 * Descriptions the server sends with message 'Error' (§5, §8: questionnaire save and submit show the
 * description when the message is 'Error'; change page shows it when not OK).
 */
export const questionnaireTexts = {
  error: 'Error',
  notFound: 'Questionnaire not found.',
  elementNotFound: 'Question not found.',
  tooManyElements: `A questionnaire holds at most ${questionnaireLimits.elements} questions.`,
  badContent: 'The question content is not valid.',
  noChoices: 'Write at least one choice, one per line.',
  orderChanged: 'The order changed meanwhile. Reload and try again.',
  otherQuestionnaire: 'Both questions must be in the same questionnaire.',
  noTargets: 'Select at least one group or course.',
  unknownGroup: 'A selected group does not exist.',
  unknownCourse: 'A selected course does not exist.',
  notSent: 'This questionnaire is not sent to you.',
  notYours: 'This questionnaire belongs to another user.',
  finished: 'The questionnaire is submitted; answers can no longer be changed.',
  notAnswerable: 'This element is not a question.',
  badAnswer: 'The answer does not fit the question.',
} as const;

// ---- Texts of spec/3 §5 and §8 (groups) ----

export const groupTexts = {
  nameMin: 'Group name must have to at least 5 characters',
  groupKeyMin: 'Group key must have to at least 5 characters',
  teacherKeyMin: 'Teacher key must have to at least 5 characters',
  required: 'The value is required',
  length: 'Use 5-30 chars.',
} as const;

// ---- What learners are shown (rules/learner-visibility.ts) ----

export const TASK_HIDDEN = 'This task is not shown to learners.';
export const LESSON_HIDDEN = 'This lesson is not shown to learners.';
export const CHAPTER_HIDDEN = 'This chapter is not shown to learners.';
export const NO_HELP = 'This task has no help.';

/** The refusal a translator gets for a save that would change grading (rules/grading-fields.ts). */
export const GRADING_IS_OBJECT_LEVEL =
  'Only a content creator may change how the task is graded (test cases, files, the solution, answers and their ratings, score or type); a translator changes texts only.';
