/**
 * Where to go after signing in: the `next` the 401 rule gave, read with the URL parser the
 * browser itself navigates by, so `/\evil.example`, `/%09/evil.example` and the like (which the
 * parser turns into another host) are caught the way the browser would read them. Only a path
 * on this very origin, outside /login, is kept; anything else goes to the back office's home.
 */
export function safeNextPath(next: string | null, origin: string): string {
  const home = '/manage';
  if (!next) return home;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return home;
  }
  if (url.origin !== new URL(origin).origin) return home;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}
