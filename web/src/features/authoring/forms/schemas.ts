/**
 * The authoring forms' schemas, built from the route registry's body schemas (so a limit changes in
 * one place): the chapter and lesson forms (spec/2 §2.4) with the names of the two shown languages,
 * and the question editor's values (spec/2 §2.9, §5). The English messages are translated by
 * `useAuthoringMessage` (../messages.ts) when a field shows them.
 */
import { z } from 'zod';
import { INVALID_TIME_LIMIT, routes } from '@lectio/shared';
import { maxScoreProblem } from '../task-editor/model';
import { incompleteRules } from '../task-editor/html-model';

import { STRUCTURE_NAME_REQUIRED } from '../messages';

export { STRUCTURE_NAME_REQUIRED };
/** spec/2 §5 max score problems, as message codes the editor translates (taskEditor.scoreErrors.*). */
export const SCORE_PROBLEM_PREFIX = 'taskEditor.scoreErrors.';
/** The translation key of the editor's message for a rule with an empty text slot. */
export const HTML_RULE_EMPTY_SLOT = 'htmlEditor.emptySlot';

const bilingual = {
  /** The primary and the secondary panel's language. */
  languages: z.array(z.number().int()).min(1).max(2),
  texts: z.record(z.string(), z.object({ content: z.string(), description: z.string(), detail: z.string() })),
};

const nameInAShownLanguage = (values: { languages: number[]; texts: Record<string, { content: string }> }, ctx: z.RefinementCtx) => {
  if (values.languages.some((langId) => (values.texts[String(langId)]?.content ?? '').trim() !== '')) return;
  for (const langId of values.languages) ctx.addIssue({ code: 'custom', path: ['texts', String(langId), 'content'], message: STRUCTURE_NAME_REQUIRED });
};

/** The numeric check of spec/2 §5, before anything is sent. */
export const validTimeLimit = (value: string) => /^\d{1,9}$/.test(value.trim());

const chapter = routes.createEditChapter.body.shape;
/** A window boundary: its flag and the spec's UTC string (null until a date is chosen). */
const chapterWindow = z.object({ on: z.boolean(), at: chapter.open_begin.unwrap() });

export const chapterFormSchema = z
  .object({
    ...bilingual,
    type: z.number().int().min(1).max(3),
    icon: z.string(),
    icon2: z.string(),
    timeLimit: z.string(),
    key: chapter.comp_key.unwrap().unwrap(),
    openBegin: chapterWindow,
    openEnd: chapterWindow,
    resultsBegin: chapterWindow,
    resultsEnd: chapterWindow,
  })
  .superRefine(nameInAShownLanguage)
  .superRefine((values, ctx) => {
    if (values.type === 2 && !validTimeLimit(values.timeLimit)) ctx.addIssue({ code: 'custom', path: ['timeLimit'], message: INVALID_TIME_LIMIT });
  });
export type ChapterFormValues = z.input<typeof chapterFormSchema>;

export const lessonFormSchema = z
  .object({ ...bilingual, chapterId: routes.createEditLesson.body.shape.chapter_id })
  .superRefine(nameInAShownLanguage);
export type LessonFormValues = z.input<typeof lessonFormSchema>;

/**
 * The question editor's values (types 1-10): the working copy of model.ts. Only the max score is
 * checked here (spec/2 §5, types 2-10); the rest is the registry's check of the body on save.
 */
const answer = z.object({ status: z.number().int(), rating: z.number(), texts: z.record(z.string(), z.object({ answer: z.string(), feedback: z.string() }).partial()) });
// A language written into before it was shown may be partial; model.ts completes it (contentOf).
const content = z.object({ title: z.string(), content: z.string(), help: z.string(), fakes: z.array(z.string()), code: z.string() }).partial();
export const taskFormSchema = z
  .object({
    type: z.number().int().min(1).max(17),
    maxScore: z.string(),
    flags: z.object({ ignoreSpace: z.boolean(), ignoreSeparators: z.boolean(), caseSensitive: z.boolean(), aqSome: z.boolean() }),
    contents: z.record(z.string(), content),
    visible: z.record(z.string(), z.number().int()),
    answers: z.array(answer),
    program: z.custom<import('../task-editor/program-model').ProgramParts>().optional(),
    html: z.custom<import('../task-editor/html-model').HtmlParts>().optional(),
  })
  .superRefine((values, ctx) => {
    if (values.type === 1) return;
    // A rule with an empty text slot is never met: it cannot be saved.
    if (values.type === 11 && values.html && incompleteRules(values.html).length) ctx.addIssue({ code: 'custom', path: ['html'], message: HTML_RULE_EMPTY_SLOT });
    const problem = maxScoreProblem(values.maxScore);
    if (problem) ctx.addIssue({ code: 'custom', path: ['maxScore'], message: `${SCORE_PROBLEM_PREFIX}${problem}` });
  });
