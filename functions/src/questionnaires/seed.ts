/**
 * A demo questionnaire (issue 23 item 5): every question type 0-8 on two pages, sent to the given
 * groups and courses. Written with the domain's own item builders, in two batch writes.
 */
import { formatSpecTime } from '@lectio/shared';
import { batchPut } from '../platform/db/batch';
import { nextId } from '../platform/db/counters';
import { sanitizeRichText } from '../platform/content/sanitize';
import { questionnaireKeys as keys } from './model';
import { cleanContent, nameOf } from './rules';

const demoElements: Array<{ page: number; q_type: number; content: Record<string, string> }> = [
  { page: 1, q_type: 0, content: { description: '<h2>Course feedback</h2>' } },
  { page: 1, q_type: 1, content: { description: '<p>Tell us how the Python course went. Your answers help the teachers.</p>' } },
  { page: 1, q_type: 2, content: { description: 'How difficult was the course?', choices: 'Easy\nJust right\nHard' } },
  { page: 1, q_type: 3, content: { description: 'Which parts did you like?', choices: 'Quizzes\nProgramming tasks\nCompetitions' } },
  { page: 1, q_type: 4, content: { description: 'Where did you study most?', choices: 'At school\nAt home', other_descr: 'Somewhere else' } },
  { page: 2, q_type: 5, content: { description: 'Which devices did you use?', choices: 'Computer\nTablet\nPhone', other_descr: 'Another device' } },
  { page: 2, q_type: 6, content: { description: 'What should we improve?' } },
  { page: 2, q_type: 7, content: { description: 'The tasks were clear.', desc_first: 'Strongly disagree', desc_last: 'Strongly agree' } },
  { page: 2, q_type: 8, content: { description: 'I would recommend the course.', desc_first: 'Not at all', desc_last: 'Absolutely' } },
];

export async function seedQuestionnaire(ownerId: number, targets: { groups: Array<{ id: number; name: string }>; courses: Array<{ id: number; name: string }> }): Promise<number> {
  const qid = await nextId('questionnaire');
  const now = formatSpecTime(Date.now());
  const items = await Promise.all(
    demoElements.map(async (e, i) => {
      const id = await nextId('questionnaire_element');
      const cleaned = cleanContent(e.q_type, JSON.stringify(e.content), sanitizeRichText);
      const content = 'json' in cleaned ? cleaned.json : '{}';
      return { ...keys.element(qid, id), ...keys.elementById(id), type: 'questionnaire-element', id, questionnaire_id: qid, page: e.page, q_order: i + 1, q_type: e.q_type, lang_id: 1, content };
    }),
  );
  await batchPut([
    ...items,
    { ...keys.questionnaire(qid), type: 'questionnaire', id: qid, name: nameOf(items, qid), lang_id: 1, created_at: now, created_by: ownerId, group_ids: targets.groups.map((g) => g.id), course_ids: targets.courses.map((c) => c.id) },
    ...targets.groups.map((g) => ({ ...keys.sentToGroup(g.id, qid), type: 'questionnaire-send', questionnaire_id: qid, group_id: g.id, course_id: 0, target_name: g.name, sent_at: now })),
    ...targets.courses.map((c) => ({ ...keys.sentToCourse(c.id, qid), type: 'questionnaire-send', questionnaire_id: qid, group_id: 0, course_id: c.id, target_name: c.name, sent_at: now })),
  ]);
  return qid;
}
