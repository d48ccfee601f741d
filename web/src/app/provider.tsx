/** Providers that do not need the router: server state, theme, feedback and dialogs. */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MessageDialogProvider } from '@/components/dialogs/message-dialog';
import { FeedbackProvider } from '@/components/feedback/feedback';
import { useHtmlLang } from '@/lib/i18n';
import { ThemeModeProvider } from '@/lib/theme-mode';

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
          <MessageDialogProvider>{children}</MessageDialogProvider>
        </FeedbackProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
