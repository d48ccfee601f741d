/**
 * Tabs of course files (execution files, keep files) in the course form: a tab per file and an Add
 * tab; the selected file's name and content below. Fixed files cannot be deleted, and with
 * `renameLocked` they cannot be renamed either.
 */
import { useState } from 'react';
import { Box, Button, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { newFileName, type EditableFile } from './file-names';

interface FileTabsProps {
  title: string;
  testId: string;
  files: EditableFile[];
  prefix: 'file' | 'keep';
  /** How many files at the start are fixed. */
  fixed: number;
  /** Fixed files also keep their names. */
  renameLocked: boolean;
  onChange: (files: EditableFile[]) => void;
}

export function FileTabs({ title, testId, files, prefix, fixed, renameLocked, onChange }: FileTabsProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, files.length - 1);
  const file = files[index];
  const isFixed = index < fixed;
  const headingId = `${testId}-heading`;

  const update = (patch: Partial<EditableFile>) => onChange(files.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  const add = () => {
    onChange([...files, { filename: newFileName(files, prefix), filecontent: '' }]);
    setSelected(files.length);
  };
  const remove = () => {
    onChange(files.filter((_, i) => i !== index));
    setSelected(Math.max(0, index - 1));
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId} data-testid={testId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={index}
          onChange={(_event, value: number) => setSelected(value)}
          variant="scrollable"
          scrollButtons={false}
          aria-label={title}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          {files.map((f, i) => (
            <Tab key={i} value={i} label={f.filename || t('catalogue.form.unnamedFile')} sx={{ textTransform: 'none' }} />
          ))}
        </Tabs>
        <Button size="small" startIcon={<Add />} onClick={add} data-testid={`${testId}-add`} sx={{ flexShrink: 0 }}>
          {t('catalogue.form.addFile')}
        </Button>
      </Box>
      {file && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={t('catalogue.form.fileName')}
              value={file.filename}
              onChange={(event) => update({ filename: event.target.value })}
              disabled={renameLocked && isFixed}
              error={file.filename.trim() === ''}
              helperText={renameLocked && isFixed ? t('catalogue.form.fixedName') : undefined}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': `${testId}-name` } }}
            />
            <Button
              color="error"
              startIcon={<DeleteOutline />}
              onClick={remove}
              disabled={isFixed}
              data-testid={`${testId}-delete`}
              aria-label={t('catalogue.form.deleteFile', { name: file.filename })}
            >
              {t('catalogue.form.deleteFileShort')}
            </Button>
          </Box>
          <TextField
            label={t('catalogue.form.fileContent', { name: file.filename })}
            value={file.filecontent}
            onChange={(event) => update({ filecontent: event.target.value })}
            multiline
            minRows={6}
            fullWidth
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Box>
      )}
    </Paper>
  );
}
