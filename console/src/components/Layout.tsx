import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useLive } from '../lib/realtime.tsx';
import { isAdmin, useSignOut, useUser } from '../lib/session.tsx';
import { saveTheme, storedTheme, type ThemeChoice } from '../lib/theme.ts';

// The paging tabs share one entry in the sidebar.
const PAGING_PATHS = /^\/(escalation-policies|routing-rules|my-paging)(\/|$)/;

export function Layout() {
  const user = useUser();
  const live = useLive();
  const signOut = useSignOut();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [theme, setTheme] = useState<ThemeChoice>(storedTheme);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const chooseTheme = (choice: ThemeChoice) => {
    setTheme(choice);
    saveTheme(choice);
  };
  return (
    <div className="shell" data-menu-open={menuOpen}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar" aria-label="Main">
        <NavLink to="/" className="brand" end>
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          Tocsin
        </NavLink>
        <nav className="nav" aria-label="Sections">
          <NavLink to="/" end>
            Incidents
          </NavLink>
          <NavLink to="/search">Search</NavLink>
          <NavLink to="/runbooks">Runbooks</NavLink>
          <NavLink to="/schedules">Schedules</NavLink>
          <NavLink to="/teams">Teams</NavLink>
          <Link to="/escalation-policies" aria-current={PAGING_PATHS.test(location.pathname) ? 'page' : undefined}>
            Paging
          </Link>
          <NavLink to="/integrations">Integrations</NavLink>
          <NavLink to="/silences">Silences</NavLink>
          <NavLink to="/heartbeats">Heartbeats</NavLink>
          <NavLink to="/analytics">Analytics</NavLink>
          {isAdmin(user) ? (
            <>
              <span className="nav-label" aria-hidden="true">
                Admin
              </span>
              <NavLink to="/admin/users">Users</NavLink>
              <NavLink to="/admin/api-keys">API keys</NavLink>
              <NavLink to="/admin/sso">Single sign-on</NavLink>
              <NavLink to="/admin/settings">Organization</NavLink>
              <NavLink to="/admin/status-page">Status page</NavLink>
              <NavLink to="/admin/channels">Chat and phone</NavLink>
            </>
          ) : null}
        </nav>
        <div className="sidebar-foot">
          <label>
            Theme
            <select value={theme} onChange={(event) => chooseTheme(event.target.value as ThemeChoice)}>
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <span>
            {user.name} · {user.role}
          </span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </aside>
      <div className="main">
        <header className="topbar">
          <button type="button" className="menu-button ghost" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
            Menu
          </button>
          <span className="spacer" />
          <span className={`live ${live ? '' : 'off'}`} role="status" data-testid="live-status">
            <span className="dot" aria-hidden="true" />
            {live ? 'Live' : 'Offline'}
          </span>
          <span className="muted small hide-narrow">{user.email}</span>
        </header>
        <main id="main" className="content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
