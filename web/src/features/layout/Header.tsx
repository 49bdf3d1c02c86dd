import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { SmartImage } from '../../components/SmartImage';
import { CloseIcon, MenuIcon } from '../../components/Icons';
import { selectIsAuthenticated, selectUser } from '../auth/authSlice';
import { profileLabel } from '../auth/session';
import { useSignOut } from '../auth/useSignOut';
import { MEMBER_NAV, VISITOR_NAV, type NavItem } from './links';
import { useScrolledPast } from './useScrolled';

function NavItems({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <ul className="nav-list">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === '/'} className="nav-link" onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The account corner: the user's name and Sign Out, or Sign In for visitors. */
function AccountActions() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();

  if (!isAuthenticated) {
    return (
      <NavLink to="/login" className="button button--small button--primary">
        Sign In
      </NavLink>
    );
  }
  const label = profileLabel(user);
  return (
    <>
      <Link to="/profile" className="user-chip" title={user?.email}>
        <span className="user-chip__avatar" aria-hidden="true">
          {label.charAt(0).toUpperCase()}
        </span>
        <span className="user-chip__name">
          <bdi>{label}</bdi>
        </span>
      </Link>
      <button type="button" className="button button--small button--ghost" onClick={() => void signOut()}>
        Sign Out
      </button>
    </>
  );
}

export function Header() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const solid = useScrolledPast();
  const location = useLocation();
  // The menu remembers the page it was opened on, so any route change collapses it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === location.pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? location.pathname : null);
  const items = isAuthenticated ? MEMBER_NAV : VISITOR_NAV;

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenedOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header
      className={`site-header${solid || menuOpen ? ' site-header--solid' : ''}`}
      data-solid={solid ? 'true' : 'false'}
    >
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label="Starborn home">
          {/* The 96 px emblem (logo-96): the full logo is a 512 px social preview image. */}
          <SmartImage
            src="/logo-96.jpg"
            alt=""
            className="brand__logo"
            width={40}
            height={40}
            loading="eager"
          />
          <span className="brand__name">Starborn</span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          <NavItems items={items} />
        </nav>

        <div className="site-header__account">
          <AccountActions />
        </div>

        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span>{menuOpen ? 'Close' : 'Menu'}</span>
        </button>
      </div>

      <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile" hidden={!menuOpen}>
        <div className="container">
          <NavItems items={items} onNavigate={() => setMenuOpen(false)} />
          <div className="mobile-menu__account">
            <AccountActions />
          </div>
        </div>
      </nav>
    </header>
  );
}
