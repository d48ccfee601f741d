/**
 * /admin_lesson/{course_id}/{chapter_id}/{id} (id 0 = new): the bilingual lesson form of spec/2 §2.4 —
 * name per language side by side and the chapter selector (a different chapter moves the lesson).
 * The fetched lesson is the form's default values (the form is made once it has arrived).
 */
import { useParams } from 'react-router';
import { FormProvider } from 'react-hook-form';
import { Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { routes } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { PageSpinner } from '@/components/page-spinner';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { FormIdSelect } from '@/components/form/form-id-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { contentListOf, textsForEveryLanguage, textsFromList, type TextsByLanguage } from '@/components/editing/translated-texts';
import { useAuthoringCall, useCourseChapterPicker, useLessonForm } from '../api/authoring';
import { lessonFormSchema } from '../forms/schemas';
import { StructureNamePanels, useStructureForm } from './structure-form';

interface LessonInitial {
  texts: TextsByLanguage;
  chapterId: number;
  order?: number;
}

function LessonForm({ id, courseId, initial }: { id: number; courseId: number; initial: LessonInitial }) {
  const { t } = useTranslation();
  const [secondary, setSecondary] = useSecondaryLanguage();
  const form = useZodForm(lessonFormSchema, {
    defaultValues: { languages: [PRIMARY_LANGUAGE_ID, secondary], texts: textsForEveryLanguage(initial.texts), chapterId: initial.chapterId },
  });
  const save = useAuthoringCall('createEditLesson');
  const chapters = useCourseChapterPicker(courseId).data?.chapters ?? [];
  // Back at the course content, the lesson's chapter is open (and its type's tab chosen).
  const contentWith = (chapterId: number) =>
    `${pathTo('course_admin_content', { id: courseId })}?type=${chapters.find((c) => c.id === chapterId)?.chapter_type ?? 1}&chapter=${chapterId}`;
  const closeTo = contentWith(initial.chapterId);
  const title = id === 0 ? t('authoring.lessonForm.new') : t('authoring.lessonForm.edit');
  const structure = useStructureForm({ courseId, title, closeTo });

  const onSave = form.handleSubmit((values) => {
    const body = {
      lesson_id: id,
      chapter_id: values.chapterId,
      ...(initial.order !== undefined ? { lesson_order: initial.order } : {}),
      content_list: contentListOf(values.texts, values.languages),
    };
    if (structure.bodyValid(routes.createEditLesson.body, body)) save.mutate({ body }, { onSuccess: () => structure.close(contentWith(values.chapterId)) });
  });

  return (
    <FormProvider {...form}>
      <AdminFormFrame title={title} closeTo={closeTo} saving={save.isPending} onSave={() => void onSave()} testId="lesson-form">
        <StructureNamePanels label={t('authoring.lessonForm.name')} secondary={secondary} onSecondaryChange={setSecondary} />
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('authoring.chapterForm.settings')}>
          <FormIdSelect
            name="chapterId"
            label={t('authoring.lessonForm.chapter')}
            options={chapters.map((c) => ({ id: c.id, label: c.name || t('authoring.notTranslatedChapter') }))}
            testId="lesson-chapter"
            sx={{ minWidth: 320 }}
          />
        </Paper>
      </AdminFormFrame>
    </FormProvider>
  );
}

export function AdminLessonPage() {
  const params = useParams();
  const id = Number(params.id);
  const courseId = Number(params.course_id);
  const chapterId = Number(params.chapter_id);
  const query = useLessonForm(id);
  if (id > 0 && query.isPending) return <PageSpinner />;
  if (id > 0 && !query.data) return null;
  const d = query.data;
  const initial: LessonInitial = d ? { texts: textsFromList(d.list), chapterId: d.chapter_id, order: d.lesson_order } : { texts: {}, chapterId };
  return <LessonForm key={id} id={id} courseId={d?.course_id ?? courseId} initial={initial} />;
}
