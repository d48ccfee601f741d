/** Providers that do not need the router: server state, theme, feedback, dialogs and field messages. */
import { useCallback, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TooltipHost } from '@/components/deferred-tooltip';
import { MessageDialogProvider } from '@/components/dialogs/message-dialog';
import { FeedbackProvider } from '@/components/feedback/feedback';
import { FieldMessageProvider } from '@/components/form/field-messages';
import { useAccountMessage } from '@/features/accounts/messages';
import { useCatalogueMessage } from '@/features/catalogue/messages';
import { useAuthoringMessage } from '@/features/authoring/messages';
import { useGroupsMessage } from '@/features/groups/messages';
import { useHtmlLang } from '@/lib/i18n';
import { ThemeModeProvider } from '@/lib/theme-mode';

/** The form layer shows validation texts through the features' translations (accounts: spec/1 §5 texts; catalogue and authoring forms). */
function FieldMessages({ children }: { children: ReactNode }) {
  const account = useAccountMessage();
  const catalogue = useCatalogueMessage();
  const authoring = useAuthoringMessage();
  const groups = useGroupsMessage();
  const translate = useCallback((text: string) => groups(authoring(catalogue(account(text)))), [account, catalogue, authoring, groups]);
  return <FieldMessageProvider value={translate}>{children}</FieldMessageProvider>;
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
        <TooltipHost />
        <FeedbackProvider>
          <MessageDialogProvider>
            <FieldMessages>{children}</FieldMessages>
          </MessageDialogProvider>
        </FeedbackProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
