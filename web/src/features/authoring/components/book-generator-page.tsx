/**
 * /book_generator/{id} (spec/2 §2.3): two sliders (minimum characters of a requested file 1-1000,
 * default 200; chapters per page 1-40, default 20), Generate ('Preparing...'), page buttons labelled
 * by chapter ranges, the book (course title in the course colour, headers numbered 1.2.3, an icon per
 * task kind, '--- ERROR ---' for unknown task or cell types) and the Key generator with 'Back to book'.
 * A print stylesheet (A4, a page break between chapters, no app chrome) makes Save as PDF a book.
 */
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Box, Button, GlobalStyles, Paper, Slider, Stack, Typography } from '@mui/material';
import Keyboard from '@mui/icons-material/Keyboard';
import MenuBook from '@mui/icons-material/MenuBook';
import StickyNote from '@mui/icons-material/StickyNote2Outlined';
import Print from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { BOOK_ERROR, bookPageQuestion, bookPages, bookTaskKind, headerNumber, isEssayType, taskKey } from '@lectio/shared';
import { readableColour } from '@/lib/theme';
import { pathTo } from '@/lib/paths';
import { SafeHtml } from '@/components/safe-html';
import { renderEquation, renderMarkdown } from '@/components/notebook';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { useAdminContent, useBook, type Book } from '../api/authoring';
import { AccessDenied } from './access-denied';

type BookTask = Book['chapters'][number]['lessons'][number]['tasks'][number];

const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4', margin: '16mm 14mm' },
        'header, footer, nav, .MuiDrawer-root, .MuiDrawer-docked, .MuiAppBar-root, [data-print="hide"], main > .MuiToolbar-root': {
          display: 'none !important',
        },
        'html, body, #root, main': { background: '#fff !important', color: '#000 !important' },
        main: { padding: '0 !important', margin: '0 !important' },
        '.MuiContainer-root': { maxWidth: 'none !important', padding: '0 !important' },
        '.book-chapter': { breakBefore: 'page' },
        '.book-chapter:first-of-type': { breakBefore: 'auto' },
        '.book-task': { breakInside: 'avoid' },
        '.book-paper': { border: 'none !important', boxShadow: 'none !important', padding: '0 !important' },
      },
    }}
  />
);

const safeJson = (text: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const cellTypes = new Set(['editor', 'code', 'markdown', 'equation', 'raw']);

/** A task as the book's pages print it. */
export function TaskBody({ task, minChars }: { task: BookTask; minChars: number }) {
  const type = task.task_type_id;
  if (type === 1) return <SafeHtml html={task.content} />;
  if (type >= 2 && type <= 7) {
    // What a learner sees, never the answers: those are the Key generator's (spec/2 §2.3).
    const q = bookPageQuestion(type as 2 | 3 | 4 | 5 | 6 | 7, task.content, task.id);
    if (!q) {
      return (
        <Typography color="error" data-testid="book-error">
          {BOOK_ERROR}
        </Typography>
      );
    }
    return (
      <>
        <SafeHtml html={q.html} />
        {q.options.length > 0 && (
          <Box component="ol" type="a" sx={{ mt: 1 }}>
            {q.options.map((option, i) => (
              <li key={i}>
                <SafeHtml html={option} />
              </li>
            ))}
          </Box>
        )}
        {q.lines.length > 0 && (
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }} data-testid="book-lines">
            {q.lines.join('\n')}
          </Box>
        )}
      </>
    );
  }
  if (type >= 8 && type <= 11) {
    const c = safeJson(task.content);
    const files = type === 11 ? [{ name: 'index.html', rContent: String(c.requestedFile ?? '') }] : Array.isArray(c.files) ? (c.files as Array<{ name?: string; rContent?: string }>) : [];
    return (
      <>
        <SafeHtml html={String(c.assignment ?? '')} />
        {files
          .filter((f) => String(f.rContent ?? '').length >= minChars)
          .map((f, i) => (
            <Box key={i} sx={{ mt: 1 }}>
              <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
                {f.name}
              </Typography>
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, m: 0 }}>
                {f.rContent}
              </Box>
            </Box>
          ))}
      </>
    );
  }
  // Essay and GenAI (16, 17): the assignment (the learner's answer is theirs; the key has none).
  if (isEssayType(type)) return <SafeHtml html={String(safeJson(task.content).content ?? '')} />;
  if (type >= 12 && type <= 17) {
    let cells: Array<{ cell_type?: string; source?: string[] }> = [];
    try {
      const parsed = JSON.parse(task.content) as unknown;
      // A reading notebook (12) stores its cells; a quiz (13-15) stores { cells, answer_list }.
      cells = (Array.isArray(parsed) ? parsed : ((parsed as { cells?: unknown } | null)?.cells ?? [])) as typeof cells;
    } catch {
      cells = [];
    }
    return (
      <>
        {cells.map((cell, i) =>
          cellTypes.has(String(cell.cell_type)) ? (
            cell.cell_type === 'markdown' ? (
              <Box key={i} dangerouslySetInnerHTML={{ __html: renderMarkdown((cell.source ?? []).join('')) }} />
            ) : cell.cell_type === 'equation' ? (
              <Box key={i} dangerouslySetInnerHTML={{ __html: renderEquation((cell.source ?? []).join('')) }} />
            ) : cell.cell_type === 'editor' ? (
              <SafeHtml key={i} html={(cell.source ?? []).join('')} />
            ) : (
              <Box key={i} component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
                {(cell.source ?? []).join('')}
              </Box>
            )
          ) : (
            <Typography key={i} color="error" data-testid="book-error">
              {BOOK_ERROR}
            </Typography>
          ),
        )}
      </>
    );
  }
  return (
    <Typography color="error" data-testid="book-error">
      {BOOK_ERROR}
    </Typography>
  );
}

function TaskHeader({ number, task }: { number: string; task: BookTask }) {
  const { t } = useTranslation();
  const kind = bookTaskKind(task.task_type_id);
  const title = kind === 'program' ? String(safeJson(task.content).title ?? '') : '';
  const icon: ReactNode =
    kind === 'reading' ? <MenuBook fontSize="small" aria-label={t('authoring.book.reading')} /> : kind === 'program' ? <Keyboard fontSize="small" aria-label={t('authoring.book.program')} /> : <StickyNote fontSize="small" aria-label={t('authoring.book.question')} />;
  return (
    <Typography variant="subtitle1" component="h4" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, mt: 2 }}>
      {number} {icon} {title}
    </Typography>
  );
}

export function BookGeneratorPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().id);
  const [minChars, setMinChars] = useState(200);
  const [perPage, setPerPage] = useState(20);
  const [state, setState] = useState<'none' | 'pages' | 'keys'>('none');
  const [page, setPage] = useState(0);
  const [requested, setRequested] = useState(false);
  const book = useBook(courseId, requested);
  const course = useAdminContent(courseId).data;
  useBreadcrumbs(
    course
      ? [
          { label: course.category.name, to: pathTo('areas', { id: course.category.id }) },
          { label: course.area.name, to: pathTo('courses', { id: course.area.id }) },
          { label: course.course.name, to: pathTo('course_admin_content', { id: courseId }) },
          { label: t('authoring.book.title') },
        ]
      : [{ label: t('authoring.book.title') }],
  );
  if (book.error) return <AccessDenied error={book.error} />;
  const data = book.data;
  const preparing = requested && (book.isPending || book.isFetching) && state === 'none';
  const pages = data ? bookPages(data.chapters.length, perPage) : [];
  const current = pages[page];
  const chapters = data && current ? data.chapters.slice(current.from - 1, current.to).map((c, i) => ({ c, n: current.from + i })) : [];

  const generate = () => {
    setPage(0);
    setState('none');
    setRequested(true);
    void book.refetch().then(() => setState('pages'));
  };

  return (
    <>
      {printStyles}
      <Box data-print="hide">
        <PageHeading title={t('authoring.book.title')} />
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'center' } }}>
            <Box sx={{ flex: 1 }}>
              <Typography id="min-chars-label" gutterBottom>
                {t('authoring.book.minChars', { value: minChars })}
              </Typography>
              <Slider min={1} max={1000} value={minChars} onChange={(_, v) => setMinChars(v as number)} aria-labelledby="min-chars-label" valueLabelDisplay="auto" data-testid="min-chars" />
            </Box>
            <Box sx={{ flex: 1 }}>
              <Typography id="per-page-label" gutterBottom>
                {t('authoring.book.perPage', { value: perPage })}
              </Typography>
              <Slider min={1} max={40} value={perPage} onChange={(_, v) => { setPerPage(v as number); setPage(0); }} aria-labelledby="per-page-label" valueLabelDisplay="auto" data-testid="per-page" />
            </Box>
            <Button variant="contained" onClick={generate} disabled={preparing} data-testid="generate">
              {t('authoring.book.generate')}
            </Button>
          </Stack>
        </Paper>
        {preparing && <Typography data-testid="preparing">{t('authoring.book.preparing')}</Typography>}
        {data && state !== 'none' && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label={t('authoring.book.pages')} role="group">
            {pages.map((p, i) => (
              <Button key={p.label} size="small" variant={state === 'pages' && i === page ? 'contained' : 'outlined'} onClick={() => { setPage(i); setState('pages'); }} data-testid="book-page">
                {p.label}
              </Button>
            ))}
            {state === 'pages' ? (
              <Button size="small" color="secondary" variant="outlined" onClick={() => setState('keys')} data-testid="key-generator">
                {t('authoring.book.keyGenerator')}
              </Button>
            ) : (
              <Button size="small" color="secondary" variant="outlined" onClick={() => setState('pages')} data-testid="back-to-book">
                {t('authoring.book.backToBook')}
              </Button>
            )}
            <Button size="small" startIcon={<Print />} onClick={() => window.print()} data-testid="print-book">
              {t('authoring.book.print')}
            </Button>
          </Stack>
        )}
      </Box>
      {data && state !== 'none' && (
        <Paper variant="outlined" className="book-paper" sx={{ p: { xs: 2, md: 4 } }} data-testid="book">
          <Typography variant="h4" component="h1" sx={{ color: (theme) => readableColour(data.course_color, theme.palette.background.paper), fontWeight: 700, mb: 2 }} data-testid="book-title">
            {data.course_name}
            {state === 'keys' && ` — ${t('authoring.book.keyGenerator')}`}
          </Typography>
          {chapters.map(({ c, n }) => (
            <Box component="section" className="book-chapter" key={n} data-testid="book-chapter">
              <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
                {headerNumber(n)} {c.name}
              </Typography>
              {c.lessons.map((l, li) => (
                <Box key={li}>
                  <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                    {headerNumber(n, li + 1)} {l.name}
                  </Typography>
                  {l.tasks.map((task, ti) => (
                    <Box className="book-task" key={task.id} data-testid="book-task">
                      <TaskHeader number={headerNumber(n, li + 1, ti + 1)} task={task} />
                      {state === 'pages' ? (
                        <TaskBody task={task} minChars={minChars} />
                      ) : (
                        <Box component="ul" sx={{ m: 0 }} data-testid="book-key">
                          {taskKey(task.task_type_id, task.content, task.globals).map((answer, ai) => (
                            <Box component="li" key={ai} sx={{ whiteSpace: 'pre-wrap', color: answer === BOOK_ERROR ? 'error.main' : 'text.primary' }}>
                              {answer}
                            </Box>
                          ))}
                        </Box>
                      )}
                    </Box>
                  ))}
                </Box>
              ))}
            </Box>
          ))}
        </Paper>
      )}
    </>
  );
}
