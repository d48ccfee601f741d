/**
 * /admin_lesson/{course_id}/{chapter_id}/{id} (id 0 = new): the bilingual lesson form of spec/2 §2.4 —
 * name per language side by side and the chapter selector (a different chapter moves the lesson).
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormControl, InputLabel, MenuItem, Paper, Select, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { routes } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { useFeedback } from '@/components/feedback/feedback';
import { AdminFormFrame } from '@/components/editing/admin-form-frame';
import { LanguagePanels, PRIMARY_LANGUAGE_ID, useSecondaryLanguage } from '@/components/editing/language-panels';
import { contentListOf, hasAnyName, textsFromList, textsOf, type TextsByLanguage } from '@/components/editing/translated-texts';
import { useAdminContent, useAuthoringCall, useCourseChapterPicker, useLessonForm } from '../api/authoring';

interface LessonValues {
  texts: TextsByLanguage;
  chapterId: number;
  order?: number;
}

function LessonForm({ id, courseId, initial }: { id: number; courseId: number; initial: LessonValues }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [values, setValues] = useState(initial);
  const [secondary, setSecondary] = useSecondaryLanguage();
  const [nameError, setNameError] = useState(false);
  const save = useAuthoringCall('createEditLesson');
  const chapters = useCourseChapterPicker(courseId).data?.chapters ?? [];
  const course = useAdminContent(courseId).data;
  const closeTo = pathTo('course_admin_content', { id: courseId });
  const langs = [PRIMARY_LANGUAGE_ID, secondary];
  const title = id === 0 ? t('authoring.lessonForm.new') : t('authoring.lessonForm.edit');
  useBreadcrumbs(
    course
      ? [
          { label: course.category.name, to: pathTo('areas', { id: course.category.id }) },
          { label: course.area.name, to: pathTo('courses', { id: course.area.id }) },
          { label: course.course.name, to: closeTo },
          { label: title },
        ]
      : [{ label: title }],
  );

  const onSave = () => {
    if (!hasAnyName(values.texts, langs)) return setNameError(true);
    const body = {
      lesson_id: id,
      chapter_id: values.chapterId,
      ...(values.order !== undefined ? { lesson_order: values.order } : {}),
      content_list: contentListOf(values.texts, langs),
    };
    const parsed = routes.createEditLesson.body.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return feedback.show(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid');
    }
    save.mutate({ body }, { onSuccess: () => void navigate(closeTo) });
  };

  return (
    <AdminFormFrame title={title} closeTo={closeTo} saving={save.isPending} onSave={onSave} testId="lesson-form">
      <LanguagePanels secondary={secondary} onSecondaryChange={setSecondary}>
        {(langId, lang) => (
          <TextField
            key={langId}
            label={t('authoring.lessonForm.name')}
            value={textsOf(values.texts, langId).content}
            onChange={(event) => {
              setNameError(false);
              setValues((v) => ({ ...v, texts: { ...v.texts, [langId]: { ...textsOf(v.texts, langId), content: event.target.value } } }));
            }}
            error={nameError}
            helperText={nameError ? t('authoring.chapterForm.nameRequired') : undefined}
            fullWidth
            slotProps={{ htmlInput: { lang, maxLength: 200, 'data-testid': `name-${langId}` } }}
          />
        )}
      </LanguagePanels>
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
