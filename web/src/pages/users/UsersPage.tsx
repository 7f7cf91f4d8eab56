import { importsApi } from '@gatehouse/common/api/imports';
import { usersApi } from '@gatehouse/common/api/users';
import { IMPORT_SCREEN_MESSAGES } from '@gatehouse/common/import-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { LIMITS, ROLE_LABELS } from '@gatehouse/common/policy';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import type { UserSummary } from '@gatehouse/common/schemas/users';
import { USER_MESSAGES as M } from '@gatehouse/common/user-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { call, urlOf } from '../../api/client.ts';
import { forgetUser, useUserList } from '../../api/user-queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Loader } from '../../components/Loader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { type View, ViewToggle } from '../../components/ViewToggle.tsx';
import { useActionFeedback, useFlash } from '../../features/feedback/feedback.ts';
import { useDebouncedValue } from '../../features/forms/use-debounced-value.ts';
import { useNotifications } from '../../features/notifications/notifications.tsx';
import { ManagedByLabel } from '../../features/users/ManagedBy.tsx';
import { mayManage } from '../../features/users/roles.ts';
import { StatusPill } from '../../features/users/StatusPill.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';
import '../../features/users/users.css';

const userPath = (id: string) => routePath('user', { id });
const fullName = (user: UserSummary) => [user.firstName, user.surname].filter(Boolean).join(' ');

/**
 * Who a user is at a glance: an initials avatar, their name (when they gave one) and their email, the
 * link to their page. A long email is cut short with an ellipsis on screen, never wrapped mid-word; the
 * link's text (what screen readers say) and its tooltip keep it whole.
 */
function UserIdentity({ user, onLinkClick }: { user: UserSummary; onLinkClick?: (event: MouseEvent) => void }) {
  const name = fullName(user);
  return (
    <span className="user-identity">
      <Avatar name={name || user.email} />
      <span className="user-identity-text">
        {name && <span className="user-name">{name}</span>}
        <Link className="user-email" to={userPath(user.id)} title={user.email} onClick={onLinkClick}>
          {user.email}
        </Link>
        {user.managedBy && <ManagedByLabel application={user.managedBy} />}
      </span>
    </span>
  );
}

/**
 * /users: the organisation's users by email, searched by a prefix of email or name. The typed term is
 * kept at once; the request follows 500 ms after the last keystroke, and not while a page is loading.
 * The next page loads when the table's end comes within 100 px of the bottom of the window.
 */
export function UsersPage() {
  usePageTitle(ROUTES.users.title);
  const flash = useFlash(ROUTES.users.path);
  const searchId = useId();
  const [term, setTerm] = useState('');
  const [view, setView] = useState<View>('list');
  const settled = useDebouncedValue(term.trim().toLowerCase(), LIMITS.searchDebounceMs);
  const [search, setSearch] = useState('');
  const users = useUserList(search);
  const { isFetching, hasNextPage, isFetchingNextPage, fetchNextPage } = users;

  // A settled term is searched once nothing is loading (so a late keystroke is not lost, only delayed).
  // Adjusting state while rendering, as React recommends over an effect that would render twice.
  if (!isFetching && settled !== search) setSearch(settled);

  // Infinite scroll: near the bottom (also when the page is too short to scroll at all), fetch the next page.
  useEffect(() => {
    const check = () => {
      const fromBottom = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (fromBottom <= LIMITS.infiniteScrollPx && hasNextPage && !isFetching) void fetchNextPage();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasNextPage, isFetching, fetchNextPage, users.data]);

  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  const { user: me } = useSignedInUser();
  return (
    <>
      <div className="page-heading">
        <h1>{M.listHeading}</h1>
        <div className="actions page-heading-actions">
          <Link className="button button-primary" to={ROUTES.addUser.path}>
            {M.add}
          </Link>
          {me.role === 'OrganisationAdministrator' && (
            <Link className="button button-secondary" to={ROUTES.importUsers.path}>
              {IMPORT_SCREEN_MESSAGES.importLink}
            </Link>
          )}
          {/* Downloads, not calls: the browser saves the file the server names (no secrets in it). */}
          <a className="button button-secondary" href={urlOf(importsApi.exportPeople, { query: { format: 'csv' } })} download>
            {IMPORT_SCREEN_MESSAGES.exportCsv}
          </a>
          <a className="button button-secondary" href={urlOf(importsApi.exportPeople, { query: { format: 'jsonl' } })} download>
            {IMPORT_SCREEN_MESSAGES.exportJsonl}
          </a>
        </div>
      </div>
      <ActionStatus message={flash.message} />
      <div className="data-view-toolbar">
        <div className="field users-search">
          <label htmlFor={searchId}>{M.searchLabel}</label>
          <input
            id={searchId}
            type="search"
            placeholder={M.searchPlaceholder}
            autoComplete="off"
            maxLength={LIMITS.userSearchMax}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
        <ViewToggle view={view} onChange={setView} />
      </div>
      {users.isPending ? (
        <Loader />
      ) : users.isError && items.length === 0 ? (
        <ListError onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        <p role="status" className="users-list-status">
          {search ? M.noMatches : M.noUsers}
        </p>
      ) : (
        <UsersTable users={items} view={view} />
      )}
      {isFetchingNextPage && <Loader label={M.loadingMore} />}
      {users.isFetchNextPageError && <ListError onRetry={() => void fetchNextPage()} />}
    </>
  );
}

function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="users-list-status">
      <Alert kind="error">{M.listFailed}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {M.retry}
      </Button>
    </div>
  );
}

function UsersTable({ users, view }: { users: UserSummary[]; view: View }) {
  const navigate = useNavigate();
  const { user: me } = useSignedInUser();
  const queryClient = useQueryClient();
  const { notifyError } = useNotifications();
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  const feedback = useActionFeedback();
  const remove = useMutation({
    mutationFn: (user: UserSummary) => call(usersApi.delete, { params: { id: user.id } }),
    onMutate: () => feedback.start(),
    onSuccess: (_, user) => {
      setDeleting(null);
      forgetUser(queryClient, user.id);
      feedback.succeed(MESSAGES.userDeleted);
    },
    onError: (error) => {
      setDeleting(null);
      notifyError(error, 'user');
    },
  });
  // Open, and (for someone the signed-in admin may manage, not themself) Delete, behind one menu per row.
  const rowActions = (user: UserSummary) => (
    <RowActions
      label={M.actionsFor(user.email)}
      actions={[
        { label: M.open, onSelect: () => void navigate(userPath(user.id)) },
        ...(user.id !== me.id && mayManage(me.role, user.role)
          ? [{ label: M.delete, danger: true, onSelect: () => setDeleting(user) }]
          : []),
      ]}
    />
  );
  return (
    <>
      <ActionStatus message={feedback.message} focus />
      {view === 'grid' ? (
        <ul className="data-grid users-grid" aria-label={ROUTES.users.title}>
          {users.map((user) => (
            <li key={user.id} className="user-tile">
              <UserIdentity user={user} />
              <dl>
                <dt>{M.role}</dt>
                <dd>{ROLE_LABELS[user.role]}</dd>
                <dt>{M.status}</dt>
                <dd>
                  <StatusPill status={user.status} />
                </dd>
              </dl>
              {rowActions(user)}
            </li>
          ))}
        </ul>
      ) : (
        <table className="data-table users-table">
          <caption className="visually-hidden">{ROUTES.users.title}</caption>
          <thead>
            <tr>
              <th scope="col">{M.email}</th>
              <th scope="col">{M.role}</th>
              <th scope="col">{M.status}</th>
              <th scope="col">
                <span className="visually-hidden">{M.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              // The whole row opens the user; the email link is the same for keyboards and screen readers.
              <tr key={user.id} onClick={() => void navigate(userPath(user.id))}>
                <td data-label={M.email} className="user-cell">
                  <UserIdentity user={user} onLinkClick={(event) => event.stopPropagation()} />
                </td>
                <td data-label={M.role} className="user-role">
                  {ROLE_LABELS[user.role]}
                </td>
                <td data-label={M.status} className="user-status">
                  <StatusPill status={user.status} />
                </td>
                <td className="data-table-actions">{rowActions(user)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog
        open={deleting !== null}
        header={M.deleteHeader}
        text={M.deleteText}
        important
        busy={remove.isPending}
        onAffirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
