/** Providers that do not need the router: server state, theme, feedback, dialogs and field messages. */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MessageDialogProvider } from '@/components/dialogs/message-dialog';
import { FeedbackProvider } from '@/components/feedback/feedback';
import { FieldMessageProvider } from '@/components/form/field-messages';
import { useAccountMessage } from '@/features/accounts/messages';
import { useHtmlLang } from '@/lib/i18n';
import { ThemeModeProvider } from '@/lib/theme-mode';

/** The form layer shows validation texts through the accounts translations (spec/1 §5 texts). */
function FieldMessages({ children }: { children: ReactNode }) {
  return <FieldMessageProvider value={useAccountMessage()}>{children}</FieldMessageProvider>;
}

function HtmlLang() {
  useHtmlLang();
  return null;
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <HtmlLang />
        <FeedbackProvider>
          <MessageDialogProvider>
            <FieldMessages>{children}</FieldMessages>
          </MessageDialogProvider>
        </FeedbackProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
