/**
 * The frame of the bilingual admin forms: heading, the form's content and the buttons Save and close
 * / Close without saving (spec/2 §2.4). Closing returns to the parent list.
 */
import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Stack } from '@mui/material';
import Close from '@mui/icons-material/Close';
import Save from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../layout/page-heading';

interface AdminFormFrameProps {
  title: string;
  closeTo: string;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
  testId: string;
}

export function AdminFormFrame({ title, closeTo, saving, onSave, children, testId }: AdminFormFrameProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={testId} aria-label={title}>
      <PageHeading title={title} />
      <Stack spacing={3}>
        {children}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={saving} data-testid="save-and-close">
            {t('catalogue.form.saveAndClose')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<Close />}
            onClick={() => void navigate(closeTo)}
            data-testid="close-without-saving"
          >
            {t('catalogue.form.closeWithoutSaving')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
