import { MESSAGES } from '@gatehouse/common/messages';
import { LIMITS } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { Icon } from '../components/Icon.tsx';
import { pageBackground } from '../features/organisation/theme.ts';
import { useSignOut } from '../features/session/use-sign-out.ts';
import { Logo } from './Logo.tsx';
import { menuSectionsFor } from './menu.ts';

const wideQuery = `(min-width: ${LIMITS.sidebarBreakpoint}px)`;

function useIsWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(wideQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(wideQuery);
    const update = () => setWide(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return wide;
}

/** The signed-in layout: side menu (always shown at 1000 px or wider, else toggled), top navigation and profile panel. */
export function AppLayout({
  user,
  org,
  reduced = false,
  children,
}: {
  user: Account;
  org: PublicOrganisation;
  reduced?: boolean;
  children: ReactNode;
}) {
  const wide = useIsWide();
  const location = useLocation();
  // The menu is open on the page where it was opened: following a link closes it on narrow screens.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;
  const sidebarId = useId();
  const sidebarVisible = !reduced && (wide || menuOpen);
  const background = pageBackground(org);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu on a narrow screen and gives focus back to its button.
  useLayoutEffect(() => {
    if (!menuOpen || wide) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpen, wide]);

  return (
    <div className={`app-layout${sidebarVisible ? ' sidebar-open' : ''}${background ? ' has-background' : ''}`} style={background}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-nav">
        {!reduced && !wide && (
          <button
            ref={menuButton}
            type="button"
            className="icon-button"
            aria-expanded={menuOpen}
            aria-controls={sidebarId}
            onClick={() => setOpenOn(menuOpen ? null : location.pathname)}
          >
            <Icon name="menu" />
            <span className="visually-hidden">Menu</span>
          </button>
        )}
        <Logo org={org} />
        <div className="top-nav-end">
          {!reduced && (
            <Link className="icon-button" to={ROUTES.dashboard.path}>
              <Icon name="home" />
              <span className="visually-hidden">Dashboard</span>
            </Link>
          )}
          <ProfileMenu user={user} />
        </div>
      </header>
      {!reduced && (
        <nav id={sidebarId} className="sidebar" aria-label="Main" hidden={!sidebarVisible}>
          {/* Each group is a list named by its label (not a heading: the page's own headings stay its outline). */}
          {menuSectionsFor(user.role).map((section, index) => (
            <div key={section.heading ?? ''} className="sidebar-section">
              {section.heading && (
                <p className="sidebar-heading" id={`${sidebarId}-${index}`}>
                  <Icon name={section.icon} size={18} />
                  {section.heading}
                </p>
              )}
              <ul aria-labelledby={section.heading ? `${sidebarId}-${index}` : undefined}>
                {section.entries.map((entry) => (
                  <li key={entry.to}>
                    <NavLink to={entry.to} end>
                      {section.heading === null && <Icon name={section.icon} size={18} />}
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {/* On a narrow screen the drawer also signs out: the profile button may be all the header shows. */}
          {!wide && <SignOutButton className="sidebar-sign-out" />}
        </nav>
      )}
      {!reduced && !wide && menuOpen && (
        // A click beside the open drawer closes it; keyboard users have Escape and the Menu button.
        <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setOpenOn(null)} />
      )}
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function ProfileMenu({ user }: { user: Account }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const name = [user.firstName, user.surname].filter(Boolean).join(' ');
  return (
    <div className="profile-menu" ref={ref}>
      <button type="button" className="icon-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <Icon name="user" />
        <span className="visually-hidden">Profile</span>
      </button>
      <div id={panelId} className="profile-panel" hidden={!open}>
        {name && <p className="profile-name">{name}</p>}
        <p className="profile-email">{user.email}</p>
        <SignOutButton />
      </div>
    </div>
  );
}

function SignOutButton({ className }: { className?: string }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className={['button button-secondary', className].filter(Boolean).join(' ')}
      onClick={() => {
        if (!signOut.isPending) signOut.mutate();
      }}
      aria-disabled={signOut.isPending || undefined}
    >
      <Icon name="signOut" size={18} />
      {MESSAGES.signOut}
    </button>
  );
}
