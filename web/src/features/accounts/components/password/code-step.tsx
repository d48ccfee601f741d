/**
 * Step 2: the mailed code in three inputs of four characters. Typing a full part moves on,
 * Backspace in an empty part moves back, pasting the whole code fills every part.
 */
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { resetCodeFormSchema } from '../../forms/schemas';
import {
  CODE_PART_LENGTH,
  distributeCode,
  emptyCode,
  firstIncompletePart,
  joinCode,
  partValue,
  type CodeParts,
} from '../../forms/code-parts';
import { useConfirmResetCode } from '../../api/password-reset';
import { useFeedback } from '@/components/feedback/feedback';
import { useAccountMessage } from '../../messages';

export function CodeParts({
  parts,
  onChange,
  error,
  helperId,
}: {
  parts: CodeParts;
  onChange: (parts: CodeParts) => void;
  error: boolean;
  helperId: string;
}) {
  const { t } = useTranslation();
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) => inputs.current[index]?.focus();

  const type = (index: number, text: string) => {
    // A whole code typed or auto-filled into one part is spread like a paste.
    const spread = distributeCode(parts, index, text);
    if (spread) {
      onChange(spread);
      focus(firstIncompletePart(spread));
      return;
    }
    const value = partValue(text);
    const next = [...parts] as CodeParts;
    next[index] = value;
    onChange(next);
    if (value.length === CODE_PART_LENGTH && index < parts.length - 1) focus(index + 1);
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const next = distributeCode(parts, index, event.clipboardData.getData('text'));
    if (!next) return;
    event.preventDefault();
    onChange(next);
    focus(firstIncompletePart(next));
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && parts[index] === '' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {parts.map((part, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {index > 0 && (
            <Typography aria-hidden sx={{ fontSize: 24 }}>
              –
            </Typography>
          )}
          <TextField
            id={`code-part-${index + 1}`}
            name={`code${index + 1}`}
            value={part}
            onChange={(event) => type(index, event.target.value)}
            inputRef={(element: HTMLInputElement | null) => {
              inputs.current[index] = element;
            }}
            autoFocus={index === 0}
            error={error}
            autoComplete="one-time-code"
            slotProps={{
              htmlInput: {
                'aria-label': t('accounts.pwd.codePart', { part: index + 1, total: parts.length }),
                'aria-describedby': helperId,
                'aria-invalid': error,
                onPaste: (event: ClipboardEvent<HTMLInputElement>) => paste(index, event),
                onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => keyDown(index, event),
                autoCapitalize: 'characters',
                spellCheck: false,
                'data-testid': `code-part-${index + 1}`,
                style: { fontFamily: 'monospace', letterSpacing: '0.2em', textAlign: 'center', width: '5.5ch' },
              },
            }}
          />
        </Stack>
      ))}
    </Stack>
  );
}

export function CodeStep({
  email,
  onConfirmed,
  onNewCode,
}: {
  email: string;
  onConfirmed: (token: string) => void;
  onNewCode: () => void;
}) {
  const { t } = useTranslation();
  const message = useAccountMessage();
  const feedback = useFeedback();
  const confirm = useConfirmResetCode();
  const [parts, setParts] = useState<CodeParts>(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const helperId = 'code-parts-helper';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = resetCodeFormSchema.safeParse({ code: joinCode(parts) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      document.getElementById(`code-part-${firstIncompletePart(parts) + 1}`)?.focus();
      return;
    }
    setError(null);
    feedback.clear();
    try {
      onConfirmed(await confirm.mutateAsync({ email, code: parsed.data.code }));
    } catch (failure) {
      feedback.show(message((failure as Error).message));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('accounts.pwd.steps.code')}>
      <Stack spacing={2}>
        <Typography>{t('accounts.pwd.codeIntro', { email })}</Typography>
        <FormControl component="fieldset" error={Boolean(error)}>
          <FormLabel component="legend" required sx={{ mb: 1 }}>
            {t('accounts.pwd.codeLegend')}
          </FormLabel>
          <CodeParts
            parts={parts}
            onChange={(next) => {
              setParts(next);
              if (error) setError(null);
            }}
            error={Boolean(error)}
            helperId={helperId}
          />
          <FormHelperText id={helperId}>{error ? message(error) : t('accounts.pwd.codeHint')}</FormHelperText>
        </FormControl>
        <Stack direction="row" spacing={2}>
          <Button
            type="submit"
            variant="contained"
            disabled={confirm.isPending}
            startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            data-testid="pwd-verify-code"
          >
            {t('accounts.pwd.verify')}
          </Button>
          <Button variant="text" onClick={onNewCode} data-testid="pwd-new-code">
            {t('accounts.pwd.newCode')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
