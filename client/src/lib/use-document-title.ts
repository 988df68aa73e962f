import { PRODUCT_NAME } from "@common/constants.ts";
import { useEffect } from "react";

/** Gives each page its own tab title, so tabs and screen-reader announcements tell pages apart. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
