/** TanStack Query hooks and keys of the user administration screens (/users, /users/add, /users/{id}). */
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { usersApi } from '@gatehouse/common/api/users';
import type { Account } from '@gatehouse/common/schemas/account';
import type { UserListPage } from '@gatehouse/common/schemas/users';
import { call, isApiError } from './client.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (search: string) => ['users', 'list', search] as const,
  one: (id: string) => ['users', 'one', id] as const,
};

/** The /users list for a search term ('' for everyone), page by page as the table scrolls. */
export function useUserList(search: string) {
  return useInfiniteQuery({
    queryKey: userKeys.list(search),
    queryFn: ({ pageParam }) => call(usersApi.search, { body: { page: pageParam, ...(search ? { search } : {}) } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
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
}
