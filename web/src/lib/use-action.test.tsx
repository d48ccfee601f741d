import { describe, expect, it } from 'vitest';
import { act, render, screen, fireEvent, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { useAction } from './use-action';

function Harness({ send }: { send: () => Promise<string> }) {
  const action = useAction({ mutationFn: send });
  return (
    <button type="button" disabled={action.isPending} onClick={() => action.mutate()}>
      {action.isPending ? 'busy' : 'go'}
    </button>
  );
}

const deferred = () => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe('useAction', () => {
  it('sends one request for a double click and disables the button until it settles', async () => {
    const pending = deferred();
    let calls = 0;
    const send = () => {
      calls += 1;
      return pending.promise;
    };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Harness send={send} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button');
    // Two clicks in the same task, before TanStack reports its pending state.
    act(() => {
      button.click();
      button.click();
    });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toBe(1);
    await act(async () => pending.resolve('ok'));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(calls).toBe(2));
  });

  it('gives a repeated mutateAsync the running request instead of a second one', async () => {
    const pending = deferred();
    let calls = 0;
    let result: ReturnType<typeof useAction<string, Error, void>> | null = null;
    function Probe() {
      result = useAction<string, Error, void>({
        mutationFn: () => {
          calls += 1;
          return pending.promise;
        },
      });
      return null;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result!.mutateAsync();
      second = result!.mutateAsync();
    });
    expect(second).toBe(first);
    await act(async () => pending.resolve('done'));
    await expect(second).resolves.toBe('done');
    await expect(first).resolves.toBe('done');
    expect(calls).toBe(1);
  });
});
