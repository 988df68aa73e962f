import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * Shows `fallback` (from the server too) until the box scrolls into view, then the children:
 * for a heavy part below the fold (the landing's Leaflet map and its tiles), which a phone
 * need not download and run while the page it can see is starting (issue 13). The fallback
 * should hold the children's size so nothing moves when they arrive. Where the browser has no
 * IntersectionObserver, the children come after the first render.
 */
export function WhenInView({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (inView || !element) return;
    if (typeof IntersectionObserver !== "function") {
      setInView(true);
      return;
    }
    // Its first answer comes once the page has been drawn: a map already in view is not
    // mounted in the task that hydrates the page.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);
  return <div ref={box}>{inView ? children : fallback}</div>;
}
