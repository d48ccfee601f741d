/**
 * Two panes with a draggable splitter (pointer or arrow keys on the focused separator), as in the
 * programming environment's layouts (spec/3 "Task player").
 */
import { useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

interface SplitPaneProps {
  direction: 'row' | 'column';
  /** Size of the first pane in percent. */
  initial?: number;
  label: string;
  children: [ReactNode, ReactNode];
  testId?: string;
}

export function SplitPane({ direction, initial = 50, label, children, testId }: SplitPaneProps) {
  const [size, setSize] = useState(initial);
  const box = useRef<HTMLDivElement>(null);
  const row = direction === 'row';
  const clamp = (v: number) => Math.min(85, Math.max(15, v));

  const onPointerDown = (e: React.PointerEvent) => {
    e.preventDefault();
    const rect = box.current!.getBoundingClientRect();
    const move = (ev: PointerEvent) => setSize(clamp(row ? ((ev.clientX - rect.left) / rect.width) * 100 : ((ev.clientY - rect.top) / rect.height) * 100));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <Box ref={box} sx={{ display: 'flex', flexDirection: direction, width: '100%', height: '100%', minHeight: 0, minWidth: 0 }} data-testid={testId}>
      <Box sx={{ flex: `0 0 calc(${size}% - 4px)`, minWidth: 0, minHeight: 0, overflow: 'auto' }}>{children[0]}</Box>
      <Box
        role="separator"
        tabIndex={0}
        aria-label={label}
        aria-orientation={row ? 'vertical' : 'horizontal'}
        aria-valuenow={Math.round(size)}
        aria-valuemin={15}
        aria-valuemax={85}
        onPointerDown={onPointerDown}
        onKeyDown={(e) => {
          const step = e.key === (row ? 'ArrowLeft' : 'ArrowUp') ? -5 : e.key === (row ? 'ArrowRight' : 'ArrowDown') ? 5 : 0;
          if (step) {
            e.preventDefault();
            setSize((s) => clamp(s + step));
          }
        }}
        sx={{
          flex: '0 0 8px',
          cursor: row ? 'col-resize' : 'row-resize',
          bgcolor: 'divider',
          borderRadius: 1,
          '&:hover, &:focus-visible': { bgcolor: 'primary.main', outline: 'none' },
        }}
      />
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, overflow: 'auto' }}>{children[1]}</Box>
    </Box>
  );
}
