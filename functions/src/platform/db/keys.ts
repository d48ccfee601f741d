/** Key builders: the only place that knows how item keys are spelled (see schema.ts). */
export const keys = {
  user: (id: number) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  /** Uniqueness item of an e-mail; holds the user id (strongly consistent lookup). */
  email: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'EMAIL' }),
  permission: (userId: number, courseId: number, roleCode: string, langId: number) => ({
    pk: `USER#${userId}`,
    sk: `PERM#${courseId}#${roleCode}#${langId}`,
  }),
  message: (userId: number, messageId: number) => ({
    pk: `USER#${userId}`,
    sk: `MSG#${String(messageId).padStart(10, '0')}`,
  }),
  counter: (kind: string) => ({ pk: 'COUNTER', sk: kind }),
  connection: (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'META' }),
  subscription: (connectionId: string, topic: string) => ({ pk: `CONN#${connectionId}`, sk: `SUB#${topic}` }),
  topicIndex: (topic: string, connectionId: string) => ({ gsi1pk: `TOPIC#${topic}`, gsi1sk: `CONN#${connectionId}` }),
  /** GSI1 entry of a connection under its user (logout and password changes close them). */
  userConnectionIndex: (userId: number, connectionId: string) => ({ gsi1pk: `USERCONN#${userId}`, gsi1sk: `CONN#${connectionId}` }),
  confirmation: (email: string) => ({ pk: `CONFIRM#${email.trim().toLowerCase()}`, sk: 'TOKEN' }),
  resetCode: (email: string) => ({ pk: `RESET#${email.trim().toLowerCase()}`, sk: 'CODE' }),
  resetToken: (email: string) => ({ pk: `RESET#${email.trim().toLowerCase()}`, sk: 'TOKEN' }),
  registrationGroup: (id: number) => ({ pk: 'REGDATA', sk: `GROUP#${String(id).padStart(6, '0')}` }),
  revokedToken: (sid: string) => ({ pk: `REVOKED#${sid}`, sk: 'TOKEN' }),
  rateWindow: (scope: string, key: string, window: number) => ({ pk: `RATE#${scope}#${key}`, sk: String(window) }),
  category: (id: number) => ({ pk: 'CATALOGUE', sk: `CATEGORY#${String(id).padStart(8, '0')}` }),
  area: (categoryId: number, id: number) => ({ pk: `CATEGORY#${categoryId}`, sk: `AREA#${String(id).padStart(8, '0')}` }),
  courseInArea: (areaId: number, id: number) => ({ pk: `AREA#${areaId}`, sk: `COURSE#${String(id).padStart(8, '0')}` }),
  course: (id: number) => ({ pk: `COURSE#${id}`, sk: 'META' }),
  chapter: (courseId: number, id: number) => ({ pk: `COURSE#${courseId}`, sk: `CHAPTER#${String(id).padStart(8, '0')}` }),
  lesson: (courseId: number, id: number) => ({ pk: `COURSE#${courseId}`, sk: `LESSON#${String(id).padStart(8, '0')}` }),
  task: (courseId: number, id: number) => ({ pk: `COURSE#${courseId}`, sk: `TASK#${String(id).padStart(8, '0')}` }),
  /** GSI1 entry of a task in its lesson (tasks of a lesson; a move rewrites it). */
  taskInLesson: (lessonId: number, id: number) => ({ gsi1pk: `LESSONTASKS#${lessonId}`, gsi1sk: `TASK#${String(id).padStart(8, '0')}` }),
  /**
   * A learner's progress on one task. Under the user, sorted by course then task, so one Query
   * reads a learner's progress in a course; a teacher table (students × tasks) is BatchGets of
   * these keys (ceil(students × tasks / 100) requests). No GSI: every evaluation writes this item.
   */
  taskProgress: (userId: number, courseId: number, taskId: number) => ({
    pk: `USER#${userId}`,
    sk: `TPROG#${String(courseId).padStart(8, '0')}#${String(taskId).padStart(8, '0')}`,
  }),
  taskProgressPrefix: (courseId: number) => `TPROG#${String(courseId).padStart(8, '0')}#`,
  /** One evaluation attempt (written by the progress projection; attempt numbers start at 1). */
  taskAttempt: (userId: number, taskId: number, attempt: number) => ({
    pk: `USER#${userId}`,
    sk: `TATT#${String(taskId).padStart(8, '0')}#${String(attempt).padStart(6, '0')}`,
  }),
  taskAttemptPrefix: (taskId: number) => `TATT#${String(taskId).padStart(8, '0')}#`,
  /** Error reports of a course's tasks, newest last (teachers/authors read them per course). */
  errorReport: (courseId: number, at: string, userId: number, taskId: number) => ({
    pk: `REPORTS#${courseId}`,
    sk: `${at}#${String(userId).padStart(10, '0')}#${String(taskId).padStart(8, '0')}`,
  }),
  /** Activity log of a user (write-to-log2), newest last; expires after 180 days. */
  activity: (userId: number, at: string, n: number) => ({ pk: `ULOG#${userId}`, sk: `${at}#${n}` }),
  byId: (kind: string, id: number) => ({ gsi2pk: `${kind}#${id}`, gsi2sk: kind }),
  seedMarker: () => ({ pk: 'SYSTEM', sk: 'SEED' }),
  /** A judge job by its ticket (owner, state, result; TTL one day). */
  judgeJob: (ticket: string) => ({ pk: `JUDGE#${ticket}`, sk: 'JOB' }),
  /**
   * The terminal channel of a judge job run away from the server (AWS runner Lambda, or the local cloud with
   * JUDGE_CHANNEL=dynamodb): `IN` (input counter), `I#n` typed input, `I#STOP`, `O#n` output and monitor
   * messages, `END`. Own partition prefix, so the runner's leading-key right never reaches the job records.
   */
  judgeChannel: (ticket: string, sk: string) => ({ pk: `JUDGEIO#${ticket}`, sk }),
  /** A learner's saved files of a program task (load-program3 / save-program3). */
  savedCode: (userId: number, taskId: number) => ({ pk: `USER#${userId}`, sk: `CODE#${String(taskId).padStart(8, '0')}` }),
  userCourse: (userId: number, courseId: number) => ({ pk: `USER#${userId}`, sk: `UCOURSE#${String(courseId).padStart(8, '0')}` }),
  userCompetition: (userId: number, compId: number) => ({ pk: `USER#${userId}`, sk: `UCOMP#${String(compId).padStart(8, '0')}` }),
  leaderboardCount: (partition: string) => ({ pk: 'LBCOUNT', sk: partition }),
};

export const nowSeconds = () => Math.floor(Date.now() / 1000);
