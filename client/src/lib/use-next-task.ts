import { useEffect, useState } from "react";

/**
 * False in the render that mounts the component, true from a task after it: for work that
 * may wait a moment and would otherwise lengthen the task that mounts the page (a map's tile
 * layer after the map itself: one long task on a phone before, issue 13).
 */
export function useNextTask(): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    const next = setTimeout(() => setReached(true), 0);
    return () => clearTimeout(next);
  }, []);
  return reached;
}
