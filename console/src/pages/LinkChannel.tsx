import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api, unwrap } from '../lib/api.ts';
import { IDENTITIES_KEY, KIND_TITLES } from '../lib/channels.ts';
import { useUser } from '../lib/session.tsx';
import { CardSection, Empty, FieldErrors, PageHead, QueryCard } from '../components/ui.tsx';

/**
 * `/link-channel?token=`: the link a channel (Slack, Matrix...) sends someone it does not know. It
 * shows which account would act as the signed-in member, and links it only on Confirm.
 */
export function LinkChannelPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useUser();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: ['channel-link', token],
    enabled: token !== '',
    queryFn: async () => unwrap(await api.GET('/api/v1/channel-identities/link', { params: { query: { token } } })).data,
  });
  const link = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/channel-identities/link', { body: { token } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [IDENTITIES_KEY] }),
  });
  return (
    <>
      <PageHead title="Link a chat or phone account" />
      {token === '' ? (
        <div className="card">
          <Empty title="No link token">Open the link the channel sent you.</Empty>
        </div>
      ) : (
        <QueryCard query={preview} label="Reading the link" retry={false}>
          {(found) => {
            const kind = KIND_TITLES[found.kind] ?? found.kind;
            const account = found.external_name ? `${found.external_name} (${found.external_id})` : found.external_id;
            return (
              <CardSection titleId="link-title" title={`${kind} account ${account}`}>
                {link.data ? (
                  <div className="alert-box ok" role="status">
                    Linked: {kind} account {account} now acts as you. <Link to="/my-paging">See your linked accounts</Link>
                  </div>
                ) : (
                  <>
                    <p style={{ margin: 0 }}>
                      From now on, buttons pressed and replies sent by this {kind} account act as you, {user.name || user.email}, with your
                      role's permissions. Link it only if the account is yours.
                    </p>
                    <p className="muted small" style={{ margin: 0 }}>
                      The link works once, until{' '}
                      <time dateTime={found.expires_at}>
                        {new Date(found.expires_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
                      </time>
                      .
                    </p>
                    <div className="row">
                      <button type="button" className="primary" disabled={link.isPending} onClick={() => link.mutate()}>
                        Confirm
                      </button>
                      <Link to="/">Cancel</Link>
                    </div>
                  </>
                )}
                <FieldErrors error={link.error} />
              </CardSection>
            );
          }}
        </QueryCard>
      )}
    </>
  );
}
