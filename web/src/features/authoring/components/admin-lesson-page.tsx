/**
 * /admin_lesson/{course_id}/{chapter_id}/{id} (id 0 = new): the bilingual lesson form of spec/2 §2.4 —
 * name per language side by side and the chapter selector (a different chapter moves the lesson).
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { FormControl, InputLabel, MenuItem, Paper, Select } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { routes } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { PageSpinner } from '@/components/page-spinner';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { contentListOf, textsFromList, type TextsByLanguage } from '@/components/editing/translated-texts';
import { useAuthoringCall, useCourseChapterPicker, useLessonForm } from '../api/authoring';
import { useStructureForm } from './structure-form';

interface LessonValues {
  texts: TextsByLanguage;
  chapterId: number;
  order?: number;
}

function LessonForm({ id, courseId, initial }: { id: number; courseId: number; initial: LessonValues }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const save = useAuthoringCall('createEditLesson');
  const chapters = useCourseChapterPicker(courseId).data?.chapters ?? [];
  const closeTo = pathTo('course_admin_content', { id: courseId });
  const title = id === 0 ? t('authoring.lessonForm.new') : t('authoring.lessonForm.edit');
  const form = useStructureForm({ courseId, title, closeTo });

  const onSave = () => {
    if (!form.namesGiven(values.texts)) return;
    const body = {
      lesson_id: id,
      chapter_id: values.chapterId,
      ...(values.order !== undefined ? { lesson_order: values.order } : {}),
      content_list: contentListOf(values.texts, form.langs),
    };
    if (form.bodyValid(routes.createEditLesson.body, body)) save.mutate({ body }, { onSuccess: form.close });
  };

  return (
    <AdminFormFrame title={title} closeTo={closeTo} saving={save.isPending} onSave={onSave} testId="lesson-form">
      {form.namePanels(t('authoring.lessonForm.name'), values.texts, (update) => setValues((v) => ({ ...v, texts: update(v.texts) })))}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('authoring.chapterForm.settings')}>
        <FormControl sx={{ minWidth: 320 }} size="small">
          <InputLabel id="lesson-chapter-label">{t('authoring.lessonForm.chapter')}</InputLabel>
          <Select
            labelId="lesson-chapter-label"
            label={t('authoring.lessonForm.chapter')}
            value={chapters.some((c) => c.id === values.chapterId) ? values.chapterId : ''}
            onChange={(event) => setValues((v) => ({ ...v, chapterId: Number(event.target.value) }))}
            data-testid="lesson-chapter"
          >
            {chapters.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name || t('authoring.notTranslatedChapter')}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Paper>
    </AdminFormFrame>
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
  const initial: LessonValues = d ? { texts: textsFromList(d.list), chapterId: d.chapter_id, order: d.lesson_order } : { texts: {}, chapterId };
  return <LessonForm key={id} id={id} courseId={d?.course_id ?? courseId} initial={initial} />;
}
