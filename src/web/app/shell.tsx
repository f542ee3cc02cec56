import { Link, NavLink, Outlet, ScrollRestoration } from 'react-router';
import { useClient } from './client-context';

/** Layout around every screen. The header and footer layouts come with the public-site issue. */
export function Shell() {
  const client = useClient();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="site-logo">
          <img
            src={`${client.pictureLocation}/logo.svg`}
            alt={client.title}
            width={240}
            height={64}
          />
        </Link>
        <nav aria-label="Main">
          <ul className="menu-bar">
            {client.menuItems.map((item) => (
              <li key={item.route}>
                <NavLink to={item.route}>{item.display}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>© {client.title}</p>
      </footer>
      <ScrollRestoration />
    </>
  );
}
