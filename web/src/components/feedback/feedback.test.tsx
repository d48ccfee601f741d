import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { initI18n } from '@/lib/i18n';
import { FeedbackAlert, FeedbackProvider, useFeedback, useFeedbackRoute } from './feedback';

let api: { show: ReturnType<typeof useFeedback>['show']; go: (path: string) => void } | null = null;

function Page() {
  const [path, setPath] = useState('/a');
  useFeedbackRoute(path);
  const { show } = useFeedback();
  api = { show, go: setPath };
  return <FeedbackAlert />;
}

describe('feedback store', () => {
  it('clears page feedback when the route changes', async () => {
    await initI18n('en');
    render(
      <FeedbackProvider>
        <Page />
      </FeedbackProvider>,
    );
    act(() => api!.show('Access denied.'));
    expect(screen.getByTestId('feedback-alert').textContent).toContain('Access denied.');
    act(() => api!.go('/b'));
    expect(screen.queryByTestId('feedback-alert')).toBeNull();
  });

  it('carries a text given right before moving on over exactly one route change', async () => {
    await initI18n('en');
    render(
      <FeedbackProvider>
        <Page />
      </FeedbackProvider>,
    );
    act(() => {
      api!.show('Data saved.', 'success', { carry: true });
      api!.go('/dashboard');
    });
    expect(screen.getByTestId('feedback-alert').textContent).toContain('Data saved.');
    act(() => api!.go('/leaderboard'));
    expect(screen.queryByTestId('feedback-alert')).toBeNull();
  });
});
