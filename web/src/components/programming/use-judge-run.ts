/**
 * One judge run from the browser (spec/2 §4 "Programming run in preview", spec/3 §4 "Code run"):
 * tickets from POST /vpl-run-test3, then the monitor topic `judge:{ticket}` on the WebSocket: progress
 * texts, 'compilation:' text into the terminal, program output as it comes, 'retrieve:' reads the result,
 * 'close:' ends the run. A second start is refused until the running one has reported. Terminal input
 * goes back over the WebSocket (`judge.input`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerMessage } from '@lectio/events';
import { judgeOutputInOrder } from '@lectio/events/judge-output';
import { topics } from '@lectio/events/topics';
import { gradeOf, monitorText, transliterateCyrillic } from '@lectio/shared';
import { api, isApiError, type ApiResult } from '@/lib/api-client';
import { wsClient } from '@/lib/ws-client';

export interface JudgeFileEntry {
  filename: string;
  filecontent: string;
  encoding?: 'base64';
}

export interface RunRequest {
  taskId: number;
  taskTypeId: number;
  /** 0 run (interactive), 1 evaluate. */
  exeType: 0 | 1;
  files: JudgeFileEntry[];
  /** The author's preview: the files being edited (spec/2 §7 "Judge preview"). */
  preview?: { courseId: number; keepFiles: JudgeFileEntry[]; configFiles: JudgeFileEntry[]; testCases: string };
  /** Seconds on the task (learners' evaluations). */
  timeLength?: number;
  /** spec/3 §7 activity_type: 1 a chapter (default), 2 a competition. */
  activityType?: 1 | 2;
}

export interface JudgeOutcome {
  exeType: 0 | 1;
  compilation: string;
  execution: string;
  grade: number | null;
  /** Learners' evaluations: the task state and the performance after it. */
  task: ApiResult<'vplGetResult33'>['task'];
  user: ApiResult<'vplGetResult33'>['user'];
}

export interface JudgeRunHandlers {
  /** Text for the terminal: compiler messages, program output, the end marks. */
  onTerminal: (text: string) => void;
  onOutcome?: (outcome: JudgeOutcome) => void;
}

export type RunPhase = 'idle' | 'starting' | 'running' | 'reading';

export function useJudgeRun(handlers: JudgeRunHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [phase, setPhase] = useState<RunPhase>('idle');
  const [status, setStatus] = useState('');
  const [interactive, setInteractive] = useState(false);
  const [outcome, setOutcome] = useState<JudgeOutcome | null>(null);
  const ticketRef = useRef<string | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const busy = useRef(false);
  const tail = useRef('');

  const finish = useCallback((doneMark = true) => {
    unsubscribe.current?.();
    unsubscribe.current = null;
    if (doneMark && busy.current) latest.current.onTerminal('\r\n----- done -----\r\n');
    busy.current = false;
    ticketRef.current = null;
    setInteractive(false);
    setPhase('idle');
    setStatus('');
  }, []);

  useEffect(() => () => unsubscribe.current?.(), []);

  const readResult = useCallback(async (ticket: string, req: RunRequest) => {
    setPhase('reading');
    setStatus('reading result');
    try {
      const r = req.preview
        ? { ...(await api('vplGetResult', { body: { adminticket: ticket } })), grade: null, task: null, user: null }
        : await api('vplGetResult33', {
            body: { adminticket: ticket, task_id: req.taskId, task_type_id: req.taskTypeId, activity_type: req.activityType ?? 1, time_length: req.timeLength ?? 0 },
          });
      const result: JudgeOutcome = { exeType: req.exeType, compilation: r.compilation, execution: r.execution, grade: r.grade ?? (req.exeType === 1 ? gradeOf(r.execution) : null), task: r.task, user: r.user };
      setOutcome(result);
      latest.current.onOutcome?.(result);
    } catch (e) {
      setStatus(`error ${isApiError(e) ? e.message : String(e)}`);
    }
  }, []);

  const start = useCallback(
    async (req: RunRequest) => {
      if (busy.current) return false;
      busy.current = true;
      tail.current = '';
      setOutcome(null);
      setPhase('starting');
      setStatus('awaiting connection... ');
      let ticket: string;
      try {
        const res = await api('vplRunTest3', {
          body: {
            task_id: req.taskId,
            exe_type: req.exeType,
            // spec/3 §7: submitted files travel with Cyrillic transliterated (text files only).
            submitted_files: JSON.stringify(req.files.map((f) => (f.encoding === 'base64' ? f : { ...f, filecontent: transliterateCyrillic(f.filecontent) }))),
            ...(req.preview
              ? {
                  course_id: req.preview.courseId,
                  preview: 1,
                  keep_files: JSON.stringify(req.preview.keepFiles),
                  config_files: JSON.stringify(req.preview.configFiles),
                  testCases: req.preview.testCases,
                }
              : {}),
          },
        });
        ticket = res.adminticket;
      } catch (e) {
        busy.current = false;
        setPhase('idle');
        setStatus(`error ${isApiError(e) ? e.message : String(e)}`);
        return false;
      }
      ticketRef.current = ticket;
      setPhase('running');
      if (!wsClient.connected) {
        // No live channel: the result still comes (get-result waits for the job).
        setStatus('error execution...');
        await readResult(ticket, req);
        finish();
        return true;
      }
      let retrieved = false;
      // output printed before this subscription lands comes again (from 0) besides the live batches
      const inOrder = judgeOutputInOrder();
      unsubscribe.current = wsClient.subscribe(topics.judge(ticket), (m: ServerMessage) => {
        if (m.type === 'subscribed') setStatus('connected... ');
        else if (m.type === 'error') setStatus(`error ${m.message}`);
        else if (m.type === 'judge.output') {
          const text = inOrder(m.text, m.at);
          if (!text) return;
          latest.current.onTerminal(text.replace(/\r?\n/g, '\r\n'));
          tail.current = (tail.current + text).slice(-16);
          // A type 10 run ends at sqlite's prompt (spec/3 §4).
          if (req.taskTypeId === 10 && tail.current.endsWith('sqlite> ')) void api('vplStop', { body: { adminticket: ticket } }).catch(() => undefined);
        } else if (m.type === 'judge.monitor') {
          const message = m.message;
          if (message === 'run:terminal') {
            setInteractive(req.exeType === 0);
            setStatus('execution connected... ');
          } else if (message.startsWith('compilation:')) {
            latest.current.onTerminal(message.slice('compilation:'.length).replace(/\r?\n/g, '\r\n'));
          } else if (message.startsWith('message:')) {
            setStatus(monitorText(message.slice('message:'.length)));
          } else if (message === 'retrieve:' && !retrieved) {
            retrieved = true;
            setInteractive(false);
            void readResult(ticket, req).then(() => finish());
          } else if (message === 'close:' && !retrieved) {
            finish();
          }
        }
      });
      return true;
    },
    [finish, readResult],
  );

  const stop = useCallback(() => {
    const ticket = ticketRef.current;
    if (!ticket) return;
    latest.current.onTerminal('\r\n----- interrupted by user -----\r\n');
    void api('vplStop', { body: { adminticket: ticket } }).catch(() => undefined);
  }, []);

  /** A line typed into the terminal (with its '\n'). */
  const input = useCallback((text: string) => {
    const ticket = ticketRef.current;
    if (ticket) wsClient.judgeInput(ticket, text);
  }, []);

  return { phase, running: phase !== 'idle', status, interactive, outcome, start, stop, input, clearOutcome: () => setOutcome(null) };
}
