import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../lib/api.ts';
import { isSafeAuthorizationUrl } from '../lib/sso.ts';
import { ME_KEY, useMe } from '../lib/session.tsx';

/** Only paths of this origin: `next` comes from the address bar. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignInPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [ssoEmail, setSsoEmail] = useState('');

  const login = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/auth/login', { body: { email, password } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      navigate(next, { replace: true });
    },
  });
  const sso = useMutation({
    mutationFn: async () => {
      const { authorization_url: url } = unwrap(
        await api.GET('/api/v1/sso/initiate', {
          params: { query: { email: ssoEmail, redirect_to: next } },
          headers: { Accept: 'application/json' },
        }),
      ).data;
      if (!isSafeAuthorizationUrl(url, window.location.origin))
        throw new Error(
          "The identity provider's sign-in address is not a secure (https) URL; ask your administrator to check the connection.",
        );
      return url;
    },
    onSuccess: (url) => window.location.assign(url),
  });

  if (me.data) return <Navigate to={next} replace />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  const submitSso = (event: FormEvent) => {
    event.preventDefault();
    sso.mutate();
  };
  return (
    <main className="auth-page">
      <div className="card auth-card stack">
        <div className="row">
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          <h1>Sign in to Tocsin</h1>
        </div>
        <form className="form" onSubmit={submit} aria-label="Sign in with a password">
          <label>
            Email
            <input type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
          </label>
          <label>
            Password
            <input
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          {login.error ? (
            <div className="alert-box error" role="alert">
              {login.error.message}
            </div>
          ) : null}
          <button type="submit" className="primary" disabled={login.isPending}>
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <div className="divider">or</div>
        <form className="form" onSubmit={submitSso} aria-label="Sign in with single sign-on">
          <label>
            Work email for single sign-on
            <input type="email" autoComplete="email" required value={ssoEmail} onChange={(event) => setSsoEmail(event.target.value)} />
          </label>
          {sso.error ? (
            <div className="alert-box error" role="alert">
              {sso.error.message}
            </div>
          ) : null}
          <button type="submit" disabled={sso.isPending}>
            Continue with SSO
          </button>
        </form>
      </div>
    </main>
  );
}
