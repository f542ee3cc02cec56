import { createContext, useContext } from 'react';

/** The parts of the layout that are the same on many pages of a client. */
export type ShellPartName = 'header' | 'footer';

/**
 * The server's HTML of each shell part for the page being prerendered (src/web/entry-server.tsx
 * renders a part once per client record and key, then reuses it). Never provided in the browser.
 */
export const ShellPartHtml = createContext<Partial<Record<ShellPartName, string>> | null>(null);

/**
 * An element whose children are the header or the footer, the same on every page of a client that
 * shares the part's key. On the server, when the prerender has the part's HTML, it is put in as it
 * is, the very markup the children would render (issue 37: a first render no longer draws the
 * header and footer again); in the browser the children render as usual and hydrate that markup.
 */
export function ShellPart({
  name,
  as: Element,
  className,
  children,
}: {
  name: ShellPartName;
  as: 'header' | 'div';
  className: string;
  children: React.ReactNode;
}) {
  const html = useContext(ShellPartHtml)?.[name];
  if (html !== undefined) {
    return <Element className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return <Element className={className}>{children}</Element>;
}
