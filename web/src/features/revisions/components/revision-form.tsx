/**
 * The create / edit form of a revision (spec/3 §4 "Revisions", §7, §9): react-hook-form + zod. New
 * revisions start with the §9 defaults (450 s, 10 tasks, random style, open bounds off, 00:00). Start
 * and end apply only when From / To are ticked; times are the spec's 'YYYY-MM-DD HH:MM:00' in UTC,
 * picked on the teacher's wall clock. The server checks the §5 order and texts again.
 */
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import * as z from 'zod';
import { Box, Button, Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { revisionDefaults, revisionTexts, type RevisionItem } from '@lectio/shared/api/revisions';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '@/components/form/use-zod-form';
import { DateTimeField } from '@/components/dates/date-time-field';
import type { CourseRevisions } from '../api/revisions';

/** §5, in order (the last two are checked against the counts here and again on the server). */
const schema = z
  .object({
    rev_title: z.string().max(200),
    time_limit: z.coerce.number().int().min(1).max(86_400),
    task_number: z.coerce.number().int().min(0).max(200),
    rev_style: z.coerce.number().int().min(0).max(1),
    chapters: z.array(z.number()),
    types: z.array(z.number()),
    groups: z.array(z.number()),
    check_OB: z.boolean(),
    check_OE: z.boolean(),
    open_begin: z.string(),
    open_end: z.string(),
    available: z.number(),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.rev_title.trim().length < 1) return fail('rev_title', revisionTexts.titleMissing);
    if (v.chapters.length === 0) return fail('chapters', revisionTexts.noChapters);
    if (v.types.length === 0) return fail('types', revisionTexts.noTaskTypes);
    if (v.available < v.task_number) return fail('task_number', revisionTexts.notEnoughTasks);
    if (v.task_number < 1) return fail('task_number', revisionTexts.noTasks);
    return undefined;
  });
export type RevisionValues = z.output<typeof schema>;

const ids = (list: string) => (list ? list.split(',').map(Number) : []);

interface Props {
  page: CourseRevisions;
  revision: RevisionItem | null;
  busy: boolean;
  onCancel: () => void;
  onSave: (values: RevisionValues) => void;
}

export function RevisionFormBox({ page, revision, busy, onCancel, onSave }: Props) {
  const { t } = useTranslation();
  const typeIds = [...new Set(page.chapters.flatMap((c) => Object.keys(c).filter((k) => /^T\d+$/.test(k)).map((k) => Number(k.slice(1)))))].sort((a, b) => a - b);
  const form = useZodForm(schema, {
    defaultValues: {
      rev_title: revision?.rev_title ?? '',
      time_limit: revision?.time_limit ?? revisionDefaults.time_limit,
      task_number: revision?.task_number ?? revisionDefaults.task_number,
      rev_style: revision?.rev_style ?? revisionDefaults.rev_style,
      chapters: ids(revision?.chapter_list ?? ''),
      types: ids(revision?.question_type_list ?? ''),
      groups: revision?.groupList.map((g) => g.id) ?? [],
      check_OB: Boolean(revision?.check_OB),
      check_OE: Boolean(revision?.check_OE),
      open_begin: revision?.open_begin ?? '',
      open_end: revision?.open_end ?? '',
      available: 0,
    },
  });
  const { register, control, handleSubmit, watch, setValue, formState } = form;
  const chapters = watch('chapters');
  const types = watch('types');
  const available = page.chapters.filter((c) => chapters.includes(c.id)).reduce((sum, c) => sum + types.reduce((s, ty) => s + Number(c[`T${ty}`] ?? 0), 0), 0);
  // The count the §5 check compares with stays current as chapters and types are ticked.
  useEffect(() => setValue('available', available), [available, setValue]);
  const errorOf = (name: keyof RevisionValues) => formState.errors[name]?.message;

  const checkList = (name: 'chapters' | 'types' | 'groups', label: string, items: Array<{ id: number; label: string }>) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl component="fieldset" error={Boolean(errorOf(name))}>
          <FormLabel component="legend">{label}</FormLabel>
          <FormGroup row>
            {items.map((item) => (
              <FormControlLabel
                key={item.id}
                label={item.label}
                control={
                  <Checkbox
                    checked={field.value.includes(item.id)}
                    onChange={(e) => field.onChange(e.target.checked ? [...field.value, item.id] : field.value.filter((v: number) => v !== item.id))}
                  />
                }
              />
            ))}
          </FormGroup>
          {errorOf(name) && <Typography color="error" variant="body2" role="alert">{errorOf(name)}</Typography>}
        </FormControl>
      )}
    />
  );

  // the shared picker: the UI language's format and texts, the teacher's zone shown beside it
  const bound = (flag: 'check_OB' | 'check_OE', value: 'open_begin' | 'open_end', label: string) => (
    <DateTimeField
      label={label}
      pickerLabel={t('revisions.fields.dateTime', { label })}
      enabled={watch(flag)}
      value={watch(value) || null}
      testId={`revision-${value}`}
      onChange={(on, at) => {
        setValue(flag, on);
        setValue(value, at);
      }}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={revision ? t('revisions.teacher.edit') : t('revisions.teacher.create')}
      onSubmit={(e) => {
        setValue('available', available);
        void handleSubmit(onSave)(e);
      }}
    >
      <Stack spacing={2}>
        <TextField label={t('revisions.fields.title')} {...register('rev_title')} error={Boolean(errorOf('rev_title'))} helperText={errorOf('rev_title')} />
        <Stack direction="row" spacing={2}>
          <TextField type="number" label={t('revisions.fields.timeLimit')} {...register('time_limit')} error={Boolean(errorOf('time_limit'))} />
          <TextField type="number" label={t('revisions.fields.tasks')} {...register('task_number')} error={Boolean(errorOf('task_number'))} helperText={errorOf('task_number') ?? t('revisions.teacher.available', { count: available })} />
          <Controller
            control={control}
            name="rev_style"
            render={({ field }) => (
              <TextField select label={t('revisions.fields.style')} value={field.value} onChange={(e) => field.onChange(Number(e.target.value))} sx={{ minWidth: 160 }}>
                <MenuItem value={0}>{t('revisions.styles.random')}</MenuItem>
                <MenuItem value={1}>{t('revisions.styles.evenly')}</MenuItem>
              </TextField>
            )}
          />
        </Stack>
        {checkList('chapters', t('revisions.fields.chapters'), page.chapters.map((c) => ({ id: c.id, label: c.title })))}
        {checkList('types', t('revisions.fields.taskTypes'), typeIds.map((id) => ({ id, label: t('revisions.teacher.taskType', { id }) })))}
        {checkList('groups', t('revisions.fields.groups'), page.groups.map((g) => ({ id: g.id, label: g.name })))}
        {bound('check_OB', 'open_begin', t('revisions.fields.from'))}
        {bound('check_OE', 'open_end', t('revisions.fields.to'))}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={busy}>{t('revisions.teacher.save')}</Button>
          <Button onClick={onCancel}>{t('revisions.teacher.cancel')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
