/**
 * The admin forms' schemas, built from the route registry's body schemas (so a limit changes in one
 * place): the texts of every language as the panels edit them, the two languages shown, and the
 * item's own fields. A name is required in at least one shown language, and each shown name has
 * 2-100 characters (rules/names.ts), as the server requires.
 */
import { z } from 'zod';
import { catalogueNameFits, catalogueNameLengthMessage, routes } from '@lectio/shared';

import { NAME_REQUIRED } from '../messages';

export { NAME_REQUIRED };

const entry = routes.createEditCategory.body.shape.content_list.element.shape;

const languageTexts = z.object({
  content: entry.content.unwrap().unwrap(),
  description: entry.description.unwrap(),
  detail: entry.detail.unwrap(),
});

/** The bilingual part every catalogue form shares; `languages` are the primary and the secondary panel. */
const bilingual = {
  languages: z.array(z.number().int()).min(1).max(2),
  texts: z.record(z.string(), languageTexts),
};

const nameInAShownLanguage = (values: { languages: number[]; texts: Record<string, { content: string }> }, ctx: z.RefinementCtx) => {
  const nameOf = (langId: number) => values.texts[String(langId)]?.content ?? '';
  for (const langId of values.languages) {
    if (!catalogueNameFits(nameOf(langId))) ctx.addIssue({ code: 'custom', path: ['texts', String(langId), 'content'], message: catalogueNameLengthMessage });
  }
  if (values.languages.some((langId) => nameOf(langId).trim() !== '')) return;
  for (const langId of values.languages) ctx.addIssue({ code: 'custom', path: ['texts', String(langId), 'content'], message: NAME_REQUIRED });
};

const category = routes.createEditCategory.body.shape;
export const categoryFormSchema = z.object({ ...bilingual, color: category.color }).superRefine(nameInAShownLanguage);
export type CategoryFormValues = z.input<typeof categoryFormSchema>;

const area = routes.createEditArea.body.shape;
export const areaFormSchema = z
  .object({
    ...bilingual,
    color: area.color,
    icon: area.icon,
    icon2: area.icon2,
    categoryId: z.number({ message: 'Choose a category' }).int().min(1, 'Choose a category'),
  })
  .superRefine(nameInAShownLanguage);
export type AreaFormValues = z.input<typeof areaFormSchema>;

const course = routes.createEditCourse.body.shape;
export const courseFormSchema = z
  .object({
    ...bilingual,
    areaId: z.number({ message: 'Choose an area' }).int().min(1, 'Choose an area'),
    extension: course.file_extension,
    template: course.editor_template,
    files: course.file_list.unwrap(),
    keep: course.keep_list.unwrap(),
  })
  .superRefine(nameInAShownLanguage);
export type CourseFormValues = z.input<typeof courseFormSchema>;
