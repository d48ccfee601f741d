/** /edit_lessons/{chapterId} (spec/2 §2.6): the lesson list editor of a chapter. */
import { useParams } from 'react-router';
import Assignment from '@mui/icons-material/AssignmentOutlined';
import { catalogueTrail } from '../lib/trail';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { languageIdOf } from '@/lib/i18n';
import { useAuthoringCall, useLessonList } from '../api/authoring';
import { useMay } from '../lib/permissions';
import { AccessDenied } from './access-denied';
import { ListEditor, OpenListButton, useListEditing } from './list-editor';

export function EditLessonsPage() {
  const { t, i18n } = useTranslation();
  const chapterId = Number(useParams().id);
  const query = useLessonList(chapterId, languageIdOf(i18n.resolvedLanguage ?? i18n.language));
  const data = query.data;
  const list = useListEditing(data?.course_id);
  const { langId, setEditingId } = list;
  const edit = useAuthoringCall('editLesson');
  const order = useAuthoringCall('changeLessonOrder');
  const remove = useAuthoringCall('deleteLesson');
  const mayDo = useMay(data?.permissions.list);
  useBreadcrumbs(
    data
      ? [
          ...catalogueTrail(data.brc),
          { label: data.brc.course?.name ?? '', to: pathTo('edit_chapters', { id: data.course_id }) },
          { label: data.brc.chapter?.name ?? '' },
        ]
      : [{ label: t('authoring.lists.lessons') }],
  );
  if (query.isPending) return <PageSpinner />;
  if (!data) return <AccessDenied error={query.error} />;
  const busy = edit.isPending || order.isPending || remove.isPending;
  return (
    <ListEditor
      title={t('authoring.lists.lessonsOf', { name: data.brc.chapter?.name ?? '' })}
      kind="lesson"
      elements={data.element_list}
      {...list}
      may={mayDo}
      scope={(e) => ({ chapterId, lessonId: e.id })}
      objectList="lesson-list"
      busy={busy}
      onAdd={() =>
        edit.mutate(
          { body: { lesson_id: 0, chapter_id: chapterId, visibility: 1, lesson_name: '', lang_id: langId, only_translation: 0 } },
          { onSuccess: (r) => setEditingId(r.id) },
        )
      }
      onSwap={(a, b) => order.mutate({ body: { id1: a.id, id2: b.id, order1: a.order, order2: b.order, chapter_id: chapterId } })}
      onDelete={(e) => remove.mutate({ body: { id: e.id, chapter_id: chapterId } })}
      onSave={(e, name, visible) =>
        edit.mutate(
          { body: { lesson_id: e.id, chapter_id: chapterId, lesson_name: name, visibility: visible, lang_id: langId, only_translation: 1 } },
          { onSuccess: () => setEditingId(null) },
        )
      }
      rowExtra={(e) => (
        <OpenListButton to={pathTo('task_list', { id: e.id })} label={t('authoring.lists.openTasks')} icon={<Assignment fontSize="small" />} />
      )}
    />
  );
}
