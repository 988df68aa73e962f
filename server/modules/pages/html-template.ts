/**
 * The built index.html as a template: its own <title> and description give way to each page's
 * head tags, and the root element can receive the page's first screen once the server renders
 * it. Parsed once at start-up; rendering is string concatenation.
 */
export type HtmlTemplate = {
  /** `afterRoot`: what follows #root (the rendered page's data, which is not React's markup). */
  render(page: { head: string; root?: string; afterRoot?: string }): string;
};

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;
const ROOT = /<div id=["']?root["']?>\s*<\/div>/i;

export function createHtmlTemplate(indexHtml: string): HtmlTemplate {
  const withoutDescription = indexHtml.replace(DESCRIPTION, "");
  // The page's tags go where the template's title was (early in the head, where crawlers that
  // read only the start of a page find them); a template without a title gets them first.
  const title = withoutDescription.match(TITLE);
  const at = title?.index ?? 0;
  const before = withoutDescription.slice(0, at);
  const after = withoutDescription.slice(at + (title?.[0].length ?? 0));
  const root = after.match(ROOT);
  if (!root || root.index === undefined) {
    throw new Error('The client\'s index.html has no <div id="root"></div>.');
  }
  const middle = after.slice(0, root.index);
  const end = after.slice(root.index + root[0].length);
  return {
    render: ({ head, root: content = "", afterRoot = "" }) =>
      `${before}${head}\n    ${middle}<div id="root">${content}</div>${afterRoot}${end}`,
  };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe for HTML text and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
