/**
 * Tabs without MUI's Tabs, for the task player's strips (issue 20 item 22): MUI's Tabs measures the page after
 * every render (its indicator's position; scrollable, also the scrollbar's height and two intersection observers
 * for its scroll buttons), each a forced layout and a state update that renders the strip again, and on a phone
 * those were inside the player's longest tasks. These are MUI's ButtonBase in a `tablist` with the roles, states
 * and keyboard of MUI's Tabs: one tab in the tab order (the selected one, else the first); the arrows (round),
 * Home and End move the focus; Enter or Space selects. The selected tab is underlined by its own border.
 *
 * `layout`: 'wrap' puts the tabs onto more rows when they do not fit; 'swipe' keeps one row that a phone swipes
 * sideways (its scrollbar hidden: appearing once the tabs overflow, it moved the page below) and wraps from md
 * on, where a mouse has no swipe. The selected tab is kept in view of a swiped row, in the frame after it changed
 * (the row's own scroll position only: the page never jumps to it).
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Box, ButtonBase } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';

export interface LightTab<V extends string | number> {
  value: V;
  label: ReactNode;
  /** The tab's accessible name when its label is not it (a status colour beside a number). */
  ariaLabel?: string;
  testId?: string;
  /** Data attributes of the tab (`{ 'data-status': 'passed' }`). */
  data?: Record<`data-${string}`, string>;
}

interface Props<V extends string | number> {
  tabs: ReadonlyArray<LightTab<V>>;
  /** The selected tab's value, or null while none is. */
  value: V | null;
  onChange: (value: V) => void;
  label: string;
  layout: 'wrap' | 'swipe';
  /** Tab height: 40 (the player's task strip) or 36 (the dense strips of a program task). */
  height?: 36 | 40;
  testId?: string;
  /** Styles of each tab (its width, letter case). */
  tabSx?: SxProps<Theme>;
  sx?: SxProps<Theme>;
}

const keyMoves: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

export function LightTabs<V extends string | number>({
  tabs,
  value,
  onChange,
  label,
  layout,
  height = 40,
  testId,
  tabSx,
  sx,
}: Props<V>) {
  const strip = useRef<HTMLDivElement>(null);
  const focusable = tabs.some((tab) => tab.value === value) ? value : tabs[0]?.value;

  useEffect(() => {
    if (layout !== 'swipe') return undefined;
    const frame = requestAnimationFrame(() => {
      const list = strip.current;
      const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
      // The row is positioned, so it is the tab's offset parent: the offset is from the row's scrolled start.
      const start = tab.offsetLeft;
      if (start < list.scrollLeft) list.scrollLeft = start;
      else if (start + tab.offsetWidth > list.scrollLeft + list.clientWidth)
        list.scrollLeft = start + tab.offsetWidth - list.clientWidth;
    });
    return () => cancelAnimationFrame(frame);
  }, [layout, value, tabs.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMoves[event.key];
    const elements = [...(strip.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = elements.indexOf(document.activeElement as HTMLElement);
    if (!move || at < 0) return;
    event.preventDefault();
    elements[move(at, elements.length)]?.focus();
  };

  return (
    <Box
      ref={strip}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid={testId}
      sx={[
        {
          display: 'flex',
          position: 'relative',
          minWidth: 0,
          minHeight: height,
          flexWrap: layout === 'wrap' ? 'wrap' : { xs: 'nowrap', md: 'wrap' },
          overflowX: layout === 'wrap' ? 'visible' : { xs: 'auto', md: 'visible' },
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            role="tab"
            aria-selected={selected}
            aria-label={tab.ariaLabel}
            tabIndex={tab.value === focusable ? 0 : -1}
            focusRipple
            onClick={() => {
              if (!selected) onChange(tab.value);
            }}
            data-testid={tab.testId}
            {...tab.data}
            sx={[
              {
                minHeight: height,
                px: height === 40 ? 2 : 1.5,
                flexShrink: 0,
                typography: 'button',
                color: selected ? 'primary.main' : 'text.secondary',
                borderBottom: 2,
                borderColor: selected ? 'primary.main' : 'transparent',
              },
              ...(Array.isArray(tabSx) ? tabSx : [tabSx]),
            ]}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
