/**
 * A task editor's breadcrumbs (spec/2 §2.1): category, area, course, chapter and lesson of the task, then
 * the editor. A new task has no trail of its own: its lesson's task list gives it. Used by the question,
 * program, HTML, essay and notebook editors.
 */
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { breadcrumbs } from '@lectio/shared';
import { languageIdOf } from '@/lib/i18n';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { useTaskList } from '../api/authoring';
import { catalogueTrail } from '../lib/trail';

export function useTaskEditorCrumbs(taskTrail: z.output<typeof breadcrumbs> | undefined, lessonId: number, isNew: boolean) {
  const { t, i18n } = useTranslation();
  const lessonTrail = useTaskList(lessonId, languageIdOf(i18n.resolvedLanguage ?? i18n.language), isNew && lessonId > 0).data?.brc;
  const brc = taskTrail ?? lessonTrail;
  useBreadcrumbs([
    ...(brc
      ? [
          ...catalogueTrail(brc),
          { label: brc.course?.name ?? '', to: pathTo('course_admin_content', { id: brc.course?.id ?? 0 }) },
          { label: brc.chapter?.name ?? '', to: pathTo('edit_lessons', { id: brc.chapter?.id ?? 0 }) },
          { label: brc.lesson?.name ?? '', to: pathTo('task_list', { id: brc.lesson?.id ?? 0 }) },
        ]
      : []),
    { label: t('taskEditor.title') },
  ]);
}
