/** /edit_chapters/{courseId} (spec/2 §2.5): the chapter list editor of a course. */
import { useParams } from 'react-router';
import { FormControl, MenuItem, Select } from '@mui/material';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import { catalogueTrail } from '../lib/trail';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { languageIdOf } from '@/lib/i18n';
import { useAuthoringCall, useChapterList } from '../api/authoring';
import { useMay } from '../lib/permissions';
import { AccessDenied } from './access-denied';
import { ListEditor, OpenListButton, useListEditing } from './list-editor';

export function EditChaptersPage() {
  const { t, i18n } = useTranslation();
  const courseId = Number(useParams().id);
  const list = useListEditing(courseId);
  const { langId, setEditingId } = list;
  const query = useChapterList(courseId, languageIdOf(i18n.resolvedLanguage ?? i18n.language));
  const edit = useAuthoringCall('editChapter');
  const order = useAuthoringCall('changeChapterOrder');
  const remove = useAuthoringCall('deleteChapter');
  const data = query.data;
  const mayDo = useMay(data?.permissions.list);
  useBreadcrumbs(
    data
      ? [
          ...catalogueTrail(data.brc),
          { label: data.brc.course?.name ?? '', to: pathTo('course_admin_content', { id: courseId }) },
          { label: t('authoring.lists.chapters') },
        ]
      : [{ label: t('authoring.lists.chapters') }],
  );
  if (query.isPending) return <PageSpinner />;
  if (!data) return <AccessDenied error={query.error} />;
  const busy = edit.isPending || order.isPending || remove.isPending;
  return (
    <ListEditor
      title={t('authoring.lists.chaptersOf', { name: data.brc.course?.name ?? '' })}
      kind="chapter"
      elements={data.element_list}
      {...list}
      may={mayDo}
      scope={(e) => ({ chapterId: e.id })}
      objectList="chapter-list"
      busy={busy}
      onAdd={() =>
        edit.mutate(
          { body: { chapter_id: 0, course_id: courseId, chapter_type_id: 0, visibility: 1, chapter_name: '', lang_id: langId, only_translation: 0 } },
          { onSuccess: (r) => setEditingId(r.id) },
        )
      }
      onSwap={(a, b) => order.mutate({ body: { id1: a.id, id2: b.id, order1: a.order, order2: b.order, course_id: courseId } })}
      onDelete={(e) => remove.mutate({ body: { id: e.id, course_id: courseId } })}
      onSave={(e, name, visible) =>
        edit.mutate(
          { body: { chapter_id: e.id, course_id: courseId, chapter_name: name, visibility: visible, lang_id: langId, only_translation: 1 } },
          { onSuccess: () => setEditingId(null) },
        )
      }
      rowExtra={(e, canObject) => (
        <>
          {canObject ? (
            <FormControl size="small" sx={{ minWidth: 150 }}>
              <Select
                value={e.type_id}
                inputProps={{ 'aria-label': t('authoring.chapterForm.type') }}
                onChange={(ev) =>
                  edit.mutate({
                    body: {
                      chapter_id: e.id,
                      course_id: courseId,
                      chapter_type_id: Number(ev.target.value),
                      chapter_name: e.translations.find((x) => x.lang_id === langId)?.name ?? '',
                      visibility: e.translations.find((x) => x.lang_id === langId)?.visible ?? 1,
                      lang_id: langId,
                      only_translation: 0,
                    },
                  })
                }
                data-testid="list-chapter-type"
              >
                {data.chapter_types.map((ct) => (
                  <MenuItem key={ct.id} value={ct.id}>
                    {t(`authoring.types.${ct.name as 'chapter' | 'exercise' | 'competition'}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ) : null}
          <OpenListButton to={pathTo('edit_lessons', { id: e.id })} label={t('authoring.lists.openLessons')} icon={<FormatListBulleted fontSize="small" />} />
        </>
      )}
    />
  );
}
