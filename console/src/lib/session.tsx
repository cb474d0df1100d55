import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiError, api, unwrap, type Me } from './api.ts';
import { FullPageLoading } from '../components/ui.tsx';

export const ME_KEY = ['me'] as const;

export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => unwrap(await api.GET('/api/v1/auth/me')).data,
    retry: false,
    staleTime: 60_000,
  });
}

/** The signed-in user; only call below <RequireSession>. */
export function useUser(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useUser outside a session');
  return data;
}

const ADMIN_ROLES = new Set(['owner', 'admin']);
export const isAdmin = (user: Me) => ADMIN_ROLES.has(user.role);
export const canWrite = (user: Me) => user.role !== 'viewer';

export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullPageLoading />;
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      const next = `${location.pathname}${location.search}`;
      return <Navigate to={`/sign-in${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />;
    }
    return <FullPageLoading error={me.error} />;
  }
  return <>{children}</>;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await api.POST('/api/v1/auth/logout', { body: {} }).catch(() => undefined);
    queryClient.clear();
    window.location.assign('/sign-in');
  };
}
