import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '@common/client-config';
import { isCurrentRoute } from './menu-entries';

interface SiteMenuProps {
  entries: MenuItem[];
  menuType: 'bar' | 'hamburger';
  /** Extra links shown at the end of the menu (the cart link). */
  trailing?: React.ReactNode;
}

/**
 * A link of the main menu, marked as the current page by isCurrentRoute: the rule the server's
 * cached header is keyed by (currentMenuRoutes), so a reused header marks the same link.
 */
export function MenuLink({
  route,
  onClick,
  children,
}: {
  route: string;
  onClick?: (() => void) | undefined;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Link
      to={route}
      aria-current={isCurrentRoute(route, pathname) ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

function MenuLinks({ entries, onNavigate }: { entries: MenuItem[]; onNavigate?: () => void }) {
  return (
    <>
      {entries.map((item) => (
        <li key={`${item.route}-${item.display}`}>
          <MenuLink route={item.route} onClick={onNavigate}>
            {item.display}
          </MenuLink>
        </li>
      ))}
    </>
  );
}

/**
 * The hamburger panel's id: one main menu a page, and a fixed id rather than useId's, which
 * depends on where the menu sits in the tree (the server renders the header on its own).
 */
const panelId = 'site-menu-panel';

/**
 * The main menu, as a bar or as a hamburger disclosure panel (spec: menuType). The panel is a
 * disclosure, not a modal: the toggle says whether it is open, Escape or Close shuts it and puts
 * focus back on the toggle, and following a link shuts it.
 */
export function SiteMenu({ entries, menuType, trailing }: SiteMenuProps) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  if (menuType === 'bar') {
    return (
      <nav aria-label="Main" className="site-menu site-menu--bar">
        <ul className="menu-bar">
          <MenuLinks entries={entries} />
          {trailing}
        </ul>
      </nav>
    );
  }

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <nav aria-label="Main" className="site-menu site-menu--hamburger">
      <button
        ref={toggleRef}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span className="menu-toggle__bars" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        Menu
      </button>
      <div id={panelId} className="menu-panel" hidden={!open}>
        <ul className="menu-panel__list">
          <MenuLinks entries={entries} onNavigate={() => setOpen(false)} />
          {trailing}
        </ul>
        <button type="button" className="menu-panel__close" onClick={close}>
          Close
        </button>
      </div>
    </nav>
  );
}
