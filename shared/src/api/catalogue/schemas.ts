/**
 * Catalogue domain schemas (spec/1 §2, §3, §7; spec/2 §2.4 and §7 forms): the shapes of categories,
 * areas, courses, the preview and content page, the leaderboard and the bilingual admin forms.
 * The routes that use them are in `./routes.ts`.
 */
import * as z from 'zod';
import { imageContentMatches } from '../../rules/image-content';
import { catalogueNameFits, catalogueNameLengthMessage } from '../../rules/names';
import { idCsv, idParam, numeric, safeFileName } from '../../registry';

export const id = z.number().int();
export const text = z.string();
export const byId = z.object({ id: idParam });
export const named = z.object({ id, name: text });

/** A text per language, as the bilingual forms send it. */
export const contentList = z
  .array(
    z.object({
      lang_id: numeric(z.number({ message: 'Must be a number' }).int().min(1, 'Unknown language').max(8, 'Unknown language')),
      content: z.string().max(200, 'At most 200 characters').optional().default(''),
      description: z.string().max(2000, 'At most 2000 characters').optional(),
      detail: z.string().max(100_000, 'At most 100000 characters').optional(),
    }),
    { message: 'Must be a list' },
  )
  .min(1, 'At least one language is required')
  .max(8);

/** The content list of a category, area or course form: each name 2-100 characters (rules/names.ts). */
export const catalogueNames = contentList.superRefine((list, ctx) => {
  list.forEach((entry, index) => {
    if (!catalogueNameFits(entry.content ?? '')) ctx.addIssue({ code: 'custom', path: [index, 'content'], message: catalogueNameLengthMessage });
  });
});

export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #8E00FF');
export const dataUrl = (kind: 'svg' | 'png') =>
  z
    .string()
    .max(200_000, 'The image is too large')
    // By content: an SVG parses as SVG, a PNG has the PNG signature (rules/image-content.ts).
    .refine(
      (v) => v === '' || (v.startsWith(kind === 'svg' ? 'data:image/svg+xml' : 'data:image/png') && imageContentMatches(v, kind)),
      'Please upload a valid file.',
    );
export const orderField = numeric(z.number({ message: 'Must be a number' }).int().min(0).max(1_000_000));
export const newOrExistingId = numeric(z.number({ message: 'Must be a number' }).int().min(0).max(2_147_483_647));
export const fileEntry = z.object({ filename: safeFileName, filecontent: z.string().max(200_000) });


export const courseListItem = z.object({
  course_id: id,
  name: text,
  description: text,
  area_color: text,
  content_passed: id,
  content_count: id,
  task_passed: id,
  task_count: id,
  program_passed: id,
  program_count: id,
  progress: id,
});

export const countEntry = z.object({ text, value: id });
export const categoryItem = z.object({
  category_id: id,
  title: text,
  color: text,
  sort_order: id,
  areas: countEntry,
  courses: countEntry,
  lessons: countEntry,
  codes: countEntry,
});

export const areaItem = z.object({
  id,
  area_name: text,
  area_color: text,
  area_icon: text,
  number_of_courses: id,
  area_order: id,
});

export const areaCourse = z.object({
  id,
  title: text,
  description: text,
  task_finished: id,
  task_all: id,
  program_finished: id,
  program_all: id,
  content_all: id,
  course_order: id,
  course_status: z.string().nullable(),
});

export const previewLesson = z.object({
  lesson_id: id,
  lesson: text,
  lesson_order: id,
  tasks: id,
  programs: id,
  tasks_score: z.number(),
  programs_score: z.number(),
});
export const previewChapter = z.object({
  chapter_id: id,
  chapter_type: id,
  name: text,
  chapter_icon: text,
  chapter_order: id,
  lessons: z.array(previewLesson),
});

export const contentChapter = z.object({
  chapter_id: id,
  chapter_name: text,
  chapter_icon: text,
  chapter_type: id,
  chapter_order: id,
  tasks_finished: id,
  tasks_nonfinished: id,
  programs_finished: id,
  programs_nonfinished: id,
  /** Reading progress (content tasks), beside the spec's task and program counts. */
  contents_finished: id,
  contents_nonfinished: id,
  /** The lock rule of spec/1 §4, computed on the server. */
  active: z.boolean(),
});

export const detailScore = z.object({
  content_passed: id,
  content_count: id,
  task_passed: id,
  task_count: id,
  program_passed: id,
  program_count: id,
  score_task: z.number(),
  max_score_task: z.number(),
  score_program: z.number(),
  max_score_program: z.number(),
});


/** A permission entry (spec: role_code, language_id, sub_obj_id) with what sub_obj_id names. */
export const grantItem = z.object({ role_code: text, language_id: id, sub_obj_id: id, sub_obj_kind: z.enum(['chapter', 'lesson']).optional() });

export const leaderEntry = z.object({ id, nickname: text, xp: id, country: text, groups: text, level: id });

/** Comma-separated ids: deduplicated and capped (see `idCsv` in the registry). */
export const idList = idCsv();

export const categoryForm = z.object({
  category_id: newOrExistingId,
  category_order: orderField.optional(),
  color: hexColour,
  content_list: catalogueNames,
});
export const areaForm = z.object({
  area_id: newOrExistingId,
  category_id: numeric(z.number({ message: 'Must be a number' }).int().min(1, 'Choose a category')),
  color: hexColour,
  icon: dataUrl('svg').optional().default(''),
  icon2: dataUrl('png').optional().default(''),
  area_order: orderField.optional(),
  content_list: catalogueNames,
});
export const courseForm = z.object({
  course_id: newOrExistingId,
  area_id: numeric(z.number({ message: 'Must be a number' }).int().min(1, 'Choose an area')),
  course_order: orderField.optional(),
  file_extension: z.string().max(10).regex(/^[a-z0-9]*$/i, 'Letters and digits only').optional().default(''),
  editor_template: z.string().max(40).optional().default(''),
  file_list: z.array(fileEntry).max(50).optional(),
  keep_list: z.array(fileEntry).max(50).optional(),
  content_list: catalogueNames,
});

export const swap = (kind: 'category' | 'area' | 'course') =>
  z.object({
    [`${kind}_id1`]: idParam,
    [`${kind}_order1`]: orderField,
    [`${kind}_id2`]: idParam,
    [`${kind}_order2`]: orderField,
  } as Record<string, typeof idParam>);

export const allLang = z.object({
  list: z.array(z.object({ lang_id: id, content: text, description: text.optional(), detail: text.optional() })),
});

export const savedResponse = z.object({ message: z.literal('OK'), id });
export const deleteResponse = z.object({ message: z.string() });
