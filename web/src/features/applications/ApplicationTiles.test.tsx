import type { Account } from '@gatehouse/common/schemas/account';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { applicationColours } from './ApplicationLogo.tsx';
import { ApplicationTiles, dashboardRedirectURL } from './ApplicationTiles.tsx';

const user = (role: Account['role'], clients: Account['clients']) => ({ role, clients }) as Account;
const wiki = { id: 'w', name: 'Wiki', landingURL: 'https://wiki.example.com/', logoID: null };
const chat = { id: 'c', name: 'Chat', landingURL: null, logoID: 'logo-1' };

describe('My applications', () => {
  it('shows a tile per application: the name, the logo or initial, a link to the landing page', () => {
    const html = renderToStaticMarkup(<ApplicationTiles user={user('EndUser', [wiki, chat])} />);
    expect(html).toContain('<h2 class="card-title">My applications</h2>');
    expect(html).toContain('<a href="https://wiki.example.com/">');
    expect(html).toContain('src="/api/organisation/assets/clientlogo?id=logo-1"');
    expect(html.match(/class="app-tile"/g)).toHaveLength(2);
    // Each tile is in its application's own colour, the one every list of applications shows it in.
    expect(html).toContain(`border-top-color:${applicationColours(wiki).background}`);
    expect(html).toContain(`border-top-color:${applicationColours(chat).background}`);
  });

  it('keeps an application its colour whatever its place in the list (the admin picker lists every application)', () => {
    const second = renderToStaticMarkup(<ApplicationTiles user={user('EndUser', [chat, wiki])} />);
    const first = renderToStaticMarkup(<ApplicationTiles user={user('EndUser', [wiki])} />);
    const colourOfWiki = (html: string) => /border-top-color:([^"]+)"><a href="https:\/\/wiki/.exec(html)?.[1];
    expect(colourOfWiki(second)).toBe(colourOfWiki(first));
    expect(colourOfWiki(first)).toBe(applicationColours(wiki).background);
  });

  it('says there are none, and tells non-administrators that administrators can access all applications', () => {
    const endUser = renderToStaticMarkup(<ApplicationTiles user={user('EndUser', [])} />);
    expect(endUser).toContain('You haven&#x27;t added any applications yet.');
    expect(endUser).toContain('Administrators can access all applications.');
    const admin = renderToStaticMarkup(<ApplicationTiles user={user('UserAdministrator', [])} />);
    expect(admin).not.toContain('Administrators can access all applications.');
  });
});

describe('the dashboard redirect rule', () => {
  it('sends an end user with exactly one application that has a landing page there, when the setting is on', () => {
    expect(dashboardRedirectURL(user('EndUser', [wiki]), true)).toBe('https://wiki.example.com/');
    expect(dashboardRedirectURL(user('EndUser', [wiki]), false)).toBeNull();
    expect(dashboardRedirectURL(user('EndUser', [wiki, chat]), true)).toBeNull();
    expect(dashboardRedirectURL(user('EndUser', [chat]), true)).toBeNull();
    expect(dashboardRedirectURL(user('OrganisationAdministrator', [wiki]), true)).toBeNull();
  });
});
