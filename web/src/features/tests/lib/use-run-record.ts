/**
 * The answer record of one cognitive run (spec/3 §3, §4): saved with final 0 when the run starts,
 * final 1 'completed' at its end, and final 1 'abandon' when the page is left while running.
 */
import { useCallback, useEffect, useRef } from 'react';
import { savePsychoAnswer, testsKeys } from '../api/tests';
import { useQueryClient } from '@tanstack/react-query';

export function useRunRecord(testId: number) {
  const queryClient = useQueryClient();
  const record = useRef<{ id: Promise<number>; answers: () => unknown; open: boolean } | null>(null);

  /** Starts a record; `snapshot` gives the answers so far if the run is abandoned. */
  const start = useCallback(
    (initial: unknown, snapshot: () => unknown) => {
      const id = savePsychoAnswer({ id: 0, test_id: testId, answers: initial, final: 0, agreement: 1 }).then((r) => r.answer_id);
      record.current = { id, answers: snapshot, open: true };
      void id.then(() => queryClient.invalidateQueries({ queryKey: testsKeys.all }));
      return id;
    },
    [queryClient, testId],
  );

  /** Finishes the open record; resolves with the server's score. */
  const finish = useCallback(
    async (answers: unknown) => {
      const current = record.current;
      if (!current?.open) return null;
      current.open = false;
      const id = await current.id;
      const saved = await savePsychoAnswer({ id, test_id: testId, answers, final: 1, agreement: 1 });
      void queryClient.invalidateQueries({ queryKey: testsKeys.all });
      return saved.score;
    },
    [queryClient, testId],
  );

  /** Leaving while running: the answers so far, final, status 'abandon'. */
  const abandon = useCallback(() => {
    const current = record.current;
    if (!current?.open) return;
    current.open = false;
    const answers = { ...(current.answers() as object), status: 'abandon' };
    void current.id
      .then((id) => savePsychoAnswer({ id, test_id: testId, answers, final: 1, agreement: 1 }))
      .then(() => queryClient.invalidateQueries({ queryKey: testsKeys.all }))
      .catch(() => undefined);
  }, [queryClient, testId]);

  useEffect(() => {
    window.addEventListener('pagehide', abandon);
    return () => {
      window.removeEventListener('pagehide', abandon);
      abandon();
    };
  }, [abandon]);

  return { start, finish, abandon };
}
