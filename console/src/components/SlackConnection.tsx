import { useQuery } from '@tanstack/react-query';

interface ConnectionSummary {
  kind: string;
  summary?: Record<string, unknown>;
}

/** What Slack's redirect back said (`?slack=connected|denied`), once. */
function installOutcome(): string | null {
  return new URLSearchParams(window.location.search).get('slack');
}

/**
 * "Connect Slack": a plain link, so the browser carries the session cookie to GET /slack/install,
 * which sends it on to Slack's authorize page; Slack sends it back here. Shows the workspace once
 * connected (never the token, which the API does not return).
 */
export function SlackConnection({ admin }: { admin: boolean }) {
  const connections = useQuery({
    queryKey: ['channel-connections'],
    queryFn: async (): Promise<ConnectionSummary[]> => {
      const response = await fetch('/api/v1/channel-connections', { headers: { Accept: 'application/json' } });
      if (!response.ok) return [];
      return ((await response.json()) as { data: ConnectionSummary[] }).data;
    },
  });
  const slack = connections.data?.find((connection) => connection.kind === 'slack');
  const team = slack?.summary?.team_name ?? slack?.summary?.team_id;
  const outcome = installOutcome();
  return (
    <section className="card stack" aria-labelledby="slack-connection">
      <h2 id="slack-connection" style={{ margin: 0 }}>
        Slack
      </h2>
      {outcome === 'connected' ? <p role="status">Slack is connected.</p> : null}
      {outcome === 'denied' ? <p role="alert">The Slack install was declined: nothing was connected.</p> : null}
      <p>
        {slack
          ? `Connected to the Slack workspace ${String(team ?? '')}. Pages reach members who add Slack as a contact method; buttons act as their linked Tocsin account.`
          : 'Page people on Slack with Acknowledge, Resolve and Escalate buttons, and follow incidents in a channel.'}
      </p>
      {admin ? (
        <p>
          <a className="button" href="/api/v1/slack/install">
            {slack ? 'Reconnect Slack' : 'Connect Slack'}
          </a>
        </p>
      ) : null}
    </section>
  );
}
