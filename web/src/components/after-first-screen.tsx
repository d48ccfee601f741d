/**
 * Renders its children once the screen around them has been committed, in a render and commit of their own: a
 * transition, so React yields to the browser while rendering them. For a part of a first screen that a phone
 * shows below it (the task player's lesson list), whose components made the screen's first commit one long task
 * more on a phone (issue 20 item 22). The part must keep its own place, so that nothing above it moves when it
 * comes (a column of a grid, the end of a page).
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
