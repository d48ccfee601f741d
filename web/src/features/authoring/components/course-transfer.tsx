/**
 * Course export and import (issue 10 item 8): Export downloads the course as one JSON file; Import
 * reads such a file and creates a new course in the chosen area (the server checks the file and
 * answers 400 with a clear message; nothing is half-imported), then opens it.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import { useTranslation } from 'react-i18next';
import { MAX_IMPORT_CHARS } from '@lectio/shared';
import { api, isApiError } from '@/lib/api-client';
import { pathTo } from '@/lib/paths';
import { useFeedback } from '@/components/feedback/feedback';
import { useAuthoringCall } from '../api/authoring';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

function ImportDialog({ open, onClose, defaultArea }: { open: boolean; onClose: () => void; defaultArea: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const [areaId, setAreaId] = useState<number>(defaultArea);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [problem, setProblem] = useState('');
  const importCall = useAuthoringCall('importCourse');
  const categories = useQuery({ queryKey: ['authoring', 'import', 'categories'], queryFn: () => api('getCategories3'), enabled: open }).data?.list ?? [];
  const areas = useQuery({
    queryKey: ['authoring', 'import', 'areas', categoryId],
    queryFn: () => api('getAreas', { params: { id: Number(categoryId) } }),
    enabled: open && categoryId !== '',
  }).data?.areas;

  const onFile = async (f: File | undefined) => {
    setProblem('');
    if (!f) return;
    if (f.size > MAX_IMPORT_CHARS) return setProblem(t('authoring.transfer.tooLarge'));
    setFile({ name: f.name, text: await f.text() });
  };
  const submit = () => {
    if (!file) return;
    importCall.mutate(
      { body: { area_id: areaId, file: file.text } },
      {
        onSuccess: (result) => {
          onClose();
          void navigate(pathTo('course_admin_content', { id: result.id }));
        },
        onError: (error) => setProblem(isApiError(error) ? error.message : String(error)),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${inputId}-title`} fullWidth maxWidth="sm" data-testid="import-dialog">
      <DialogTitle id={`${inputId}-title`}>{t('authoring.transfer.importTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('authoring.transfer.importHelp')}
          </Typography>
          <FormControl size="small">
            <InputLabel id={`${inputId}-cat`}>{t('authoring.transfer.category')}</InputLabel>
            <Select labelId={`${inputId}-cat`} label={t('authoring.transfer.category')} value={categoryId} onChange={(e) => setCategoryId(Number(e.target.value))} data-testid="import-category">
              {categories.map((c) => (
                <MenuItem key={c.category_id} value={c.category_id}>
                  {c.title}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" disabled={!areas}>
            <InputLabel id={`${inputId}-area`}>{t('authoring.transfer.area')}</InputLabel>
            <Select
              labelId={`${inputId}-area`}
              label={t('authoring.transfer.area')}
              value={areas?.some((a) => a.id === areaId) ? areaId : ''}
              onChange={(e) => setAreaId(Number(e.target.value))}
              data-testid="import-area"
            >
              {(areas ?? []).map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.area_name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<FileUpload />}>
            {file ? file.name : t('authoring.transfer.chooseFile')}
            <input id={inputId} type="file" hidden accept="application/json,.json" data-testid="import-file" onChange={(e) => void onFile(e.target.files?.[0])} />
          </Button>
          {problem && (
            <Typography color="error" role="alert" data-testid="import-problem">
              {problem}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('authoring.dialog.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!file || importCall.isPending} data-testid="import-submit">
          {t('authoring.transfer.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CourseTransfer({ courseId, areaId }: { courseId: number; areaId: number }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const data = await api('exportCourse', { params: { id: courseId } });
      download(`course-${courseId}.json`, JSON.stringify(data, null, 2));
    } catch (error) {
      feedback.show(isApiError(error) ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<FileDownload />} onClick={() => void onExport()} disabled={busy} data-testid="export-course">
        {t('authoring.transfer.export')}
      </Button>
      <Button variant="outlined" startIcon={<FileUpload />} onClick={() => setOpen(true)} data-testid="import-course">
        {t('authoring.transfer.import')}
      </Button>
      {open && <ImportDialog open={open} onClose={() => setOpen(false)} defaultArea={areaId} />}
    </>
  );
}
