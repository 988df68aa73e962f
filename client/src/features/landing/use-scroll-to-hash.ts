import { useEffect } from "react";

/**
 * Arriving on the landing page from another page (e.g. the About item), the anchor's section
 * did not exist yet when the browser looked for it, so scroll to it once it has rendered.
 */
export function useScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView?.();
  }, []);
}
