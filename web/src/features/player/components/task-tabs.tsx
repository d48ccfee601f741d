/**
 * The player's strip of task tabs (spec/3 "Task player"): a tab per task with its status colour; on a phone one
 * row that is swiped sideways when the lesson has more tasks than fit (it shows about five), wrapped onto more rows
 * on a wider screen.
 *
 * MUI's Tabs is not used here (issue 20 item 22): in its scrollable form it measured the page on every render
 * (the indicator's position, the scrollbar's height, two intersection observers for its scroll buttons), each a
 * forced layout and a state update that re-rendered the strip, all inside the player's first commit, the longest
 * task of a phone's load. The strip is a plain `tablist` of MUI's ButtonBase, with the roles, states and keyboard of
 * MUI's Tabs (one tab in the tab order; arrows, Home and End move the focus; Enter or Space opens), the selected
 * tab underlined by its own border and scrolled into view in the frame after it changed (only the strip scrolls,
 * not the page).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Box, ButtonBase } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PlayerTaskData } from '../api/player';

const statusColour: Record<PlayerTaskData['status'], string> = {
  blank: 'transparent',
  passed: 'success.main',
  half: 'warning.main',
  failed: 'error.main',
};

const keyMoves: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

interface Props {
  tasks: readonly PlayerTaskData[];
  /** The open task's index, or null while the lesson's tasks load. */
  value: number | null;
  onChange: (index: number) => void;
}

export function TaskTabs({ tasks, value, onChange }: Props) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);

  // The selected tab in view, in the next frame (its layout is made for that frame anyway): the strip's own
  // scroll position only, so the page never jumps to the strip.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = strip.current;
      const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!list || !tab) return;
      const start = tab.offsetLeft - list.offsetLeft;
      if (start < list.scrollLeft) list.scrollLeft = start;
      else if (start + tab.offsetWidth > list.scrollLeft + list.clientWidth)
        list.scrollLeft = start + tab.offsetWidth - list.clientWidth;
    });
    return () => cancelAnimationFrame(frame);
  }, [value, tasks.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMoves[event.key];
    const tabs = [...(strip.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (!move || at < 0) return;
    event.preventDefault();
    tabs[move(at, tabs.length)]?.focus();
  };

  return (
    <Box
      ref={strip}
      role="tablist"
      aria-label={t('player.tasks')}
      onKeyDown={onKeyDown}
      data-testid="task-tabs"
      sx={{
        flexGrow: 1,
        minWidth: 0,
        minHeight: 40,
        display: 'flex',
        position: 'relative',
        // A phone swipes the row (its scrollbar hidden: showing up once the tabs overflow, it moved the page
        // below it); a wider screen wraps the tabs onto a second row instead, for a mouse has no swipe.
        flexWrap: { xs: 'nowrap', md: 'wrap' },
        overflowX: { xs: 'auto', md: 'visible' },
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
      }}
    >
      {tasks.map((task, i) => (
        <ButtonBase
          key={task.task_id}
          role="tab"
          aria-selected={i === value}
          // One tab in the page's tab order: the open one (the first while none is).
          tabIndex={i === (value ?? 0) ? 0 : -1}
          focusRipple
          onClick={() => {
            if (i !== value) onChange(i);
          }}
          data-testid="task-tab"
          data-status={task.status}
          aria-label={t('player.taskTab', { n: i + 1, status: t(`player.status.${task.status}`) })}
          sx={{
            minWidth: 56,
            minHeight: 40,
            px: 2,
            flexShrink: 0,
            typography: 'button',
            color: i === value ? 'primary.main' : 'text.secondary',
            borderBottom: 2,
            borderColor: i === value ? 'primary.main' : 'transparent',
          }}
        >
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              component="span"
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                border: 2,
                borderColor: task.status === 'blank' ? 'text.secondary' : statusColour[task.status],
                bgcolor: statusColour[task.status],
              }}
            />
            {i + 1}
          </Box>
        </ButtonBase>
      ))}
    </Box>
  );
}
