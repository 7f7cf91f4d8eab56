/** TanStack Query hooks and keys of the user administration screens (/users, /users/add, /users/{id}). */
import { usersApi } from '@gatehouse/common/api/users';
import type { Account } from '@gatehouse/common/schemas/account';
import type { UserListPage } from '@gatehouse/common/schemas/users';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { call, isApiError } from './client.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (search: string) => ['users', 'list', search] as const,
  one: (id: string) => ['users', 'one', id] as const,
  factors: (id: string) => ['users', 'factors', id] as const,
};

/** Where a page of the list starts: its number, and the cursor (the last email of the page before) after the first. */
interface ListPosition {
  page: number;
  after?: string;
}

/**
 * The /users list for a search term ('' for everyone), page by page as the table scrolls: each page after
 * the first asks for the users after the last one shown (keyset paging), so the thousandth page costs the
 * server what the first does; the page number counts the pages reached.
 */
export function useUserList(search: string) {
  return useInfiniteQuery({
    queryKey: userKeys.list(search),
    queryFn: ({ pageParam }: { pageParam: ListPosition }) =>
      call(usersApi.search, { body: { ...pageParam, ...(search ? { search } : {}) } }),
    initialPageParam: { page: 1 } as ListPosition,
    getNextPageParam: (last): ListPosition | undefined => (last.next === null ? undefined : { page: last.page + 1, after: last.next }),
    staleTime: 30_000,
  });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: userKeys.one(id),
    queryFn: () => call(usersApi.get, { params: { id } }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

/** After a delete: the user leaves every cached list at once, and the lists are fetched again. */
export function forgetUser(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: userKeys.one(id) });
  queryClient.setQueriesData<InfiniteData<UserListPage>>(
    { queryKey: ['users', 'list'] },
    (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((user) => user.id !== id) })) },
  );
  void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
}

/** After an invitation or an edit: the user is stored, and the lists are fetched again. */
export function storeUser(queryClient: QueryClient, user: Account): void {
  queryClient.setQueryData(userKeys.one(user.id), user);
  void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
  // An action (Reset MFA) may have changed their factors.
  void queryClient.invalidateQueries({ queryKey: userKeys.factors(user.id) });
}

/** The user's second factors, for their administrator. */
export function useUserFactors(id: string, enabled: boolean) {
  return useQuery({ queryKey: userKeys.factors(id), queryFn: () => call(usersApi.factors, { params: { id } }), enabled });
}
