/**
 * An icon upload of the area form (spec/2 §2.4): the file is read into a data URL with FileReader;
 * a file of the wrong type or content is refused with 'Please upload a valid file.' (spec/2 §8):
 * a PNG must carry the PNG signature and an SVG must parse as an SVG document (the server checks
 * the same with the shared rule).
 */
import { useId } from 'react';
import { Box, Button, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { imageContentMatches } from '@lectio/shared';
import { escapeHtml } from '@/lib/escape-html';

const types = {
  svg: { mime: 'image/svg+xml', extension: '.svg' },
  png: { mime: 'image/png', extension: '.png' },
} as const;

/** The server refuses larger images. */
export const MAX_IMAGE_DATA_URL = 200_000;

export const isImageOfKind = (file: { type: string; name: string }, kind: keyof typeof types) =>
  file.type === types[kind].mime || (file.type === '' && file.name.toLowerCase().endsWith(types[kind].extension));

/** The browser's own XML parser agrees that the text is an SVG document. */
export function parsesAsSvg(text: string): boolean {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  return doc.getElementsByTagName('parsererror').length === 0 && doc.documentElement.localName === 'svg';
}

/** The content matches the kind, whatever the file's name says. */
export async function imageFileValid(file: Blob, dataUrl: string, kind: keyof typeof types): Promise<boolean> {
  if (!imageContentMatches(dataUrl, kind)) return false;
  return kind === 'png' || parsesAsSvg(await file.text());
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

interface ImageUploadProps {
  kind: keyof typeof types;
  label: string;
  value: string;
  onChange: (dataUrl: string) => void;
}

export function ImageUpload({ kind, label, value, onChange }: ImageUploadProps) {
  const { t } = useTranslation();
  const dialog = useMessageDialog();
  const inputId = useId();
  const warn = (text: string) => void dialog.open({ type: 'warning', html: `<p>${escapeHtml(text)}</p>` });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!isImageOfKind(file, kind)) return warn(t('catalogue.form.invalidFile'));
    const dataUrl = await readAsDataUrl(file);
    // Some systems report no type; the data URL must still say what the server expects.
    const normalised = dataUrl.replace(/^data:[^;,]*/, `data:${types[kind].mime}`);
    if (!(await imageFileValid(file, normalised, kind))) return warn(t('catalogue.form.invalidFile'));
    if (normalised.length > MAX_IMAGE_DATA_URL) return warn(t('catalogue.form.imageTooLarge'));
    onChange(normalised);
  };

  return (
    <Box data-testid={`upload-${kind}`}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 56,
            height: 56,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {value ? (
            <Box
              component="img"
              src={value}
              alt={t('catalogue.form.iconPreview', { label })}
              sx={{ maxWidth: 48, maxHeight: 48 }}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('catalogue.form.noIcon')}
            </Typography>
          )}
        </Box>
        <Button component="label" htmlFor={inputId} variant="outlined" size="small" startIcon={<UploadFile />}>
          {t('catalogue.form.upload', { label })}
          <input
            id={inputId}
            type="file"
            hidden
            accept={`${types[kind].mime},${types[kind].extension}`}
            data-testid={`upload-${kind}-input`}
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
        {value && (
          <Button size="small" color="inherit" startIcon={<DeleteOutline />} onClick={() => onChange('')}>
            {t('catalogue.form.removeIcon')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
