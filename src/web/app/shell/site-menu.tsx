import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import type { MenuItem } from '@common/client-config';

interface SiteMenuProps {
  entries: MenuItem[];
  menuType: 'bar' | 'hamburger';
  /** Extra links shown at the end of the menu (the cart link). */
  trailing?: React.ReactNode;
}

function MenuLinks({ entries, onNavigate }: { entries: MenuItem[]; onNavigate?: () => void }) {
  return (
    <>
      {entries.map((item) => (
        <li key={`${item.route}-${item.display}`}>
          <NavLink to={item.route} end={item.route === '/'} onClick={onNavigate}>
            {item.display}
          </NavLink>
        </li>
      ))}
    </>
  );
}

/**
 * The main menu, as a bar or as a hamburger disclosure panel (spec: menuType). The panel is a
 * disclosure, not a modal: the toggle says whether it is open, Escape or Close shuts it and puts
 * focus back on the toggle, and following a link shuts it.
 */
export function SiteMenu({ entries, menuType, trailing }: SiteMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
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
