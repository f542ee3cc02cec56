import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useClient } from '@/lib/client-context';

/**
 * A screen's h1. It also sets the document title and takes focus after client-side navigation,
 * so screen-reader users hear that the page changed.
 */
export function PageHeading({ children, title }: { children: React.ReactNode; title?: string }) {
  const client = useClient();
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    // The home page keeps the client's own title (spec: the title comes from the client record).
    const text = pathname === '/' ? '' : (title ?? ref.current?.textContent ?? '');
    document.title = text && text !== client.title ? `${text} | ${client.title}` : client.title;
    if (window.history.state?.idx > 0) ref.current?.focus({ preventScroll: false });
  }, [client.title, title, pathname]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
