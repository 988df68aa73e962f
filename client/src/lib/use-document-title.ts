import { documentTitle } from "@common/pages.ts";
import { useEffect } from "react";

/**
 * Gives each page its own tab title, so tabs and screen-reader announcements tell pages apart.
 * The server sends the same title in the page's HTML (common/pages.ts), for crawlers.
 */
export function useDocumentTitle(title?: string | null) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
