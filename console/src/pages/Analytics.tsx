import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../lib/api.ts';
import { BarChart, LineChart } from '../components/charts.tsx';
import { Empty, ErrorState, formatDuration, Loading, Options, PageHead } from '../components/ui.tsx';

const RANGES = [
  { value: '7', label: 'Last 7 days', interval: 'day' as const },
  { value: '30', label: 'Last 30 days', interval: 'day' as const },
  { value: '90', label: 'Last 90 days', interval: 'week' as const },
];
const GROUPS = ['severity', 'source', 'assignee', 'integration'] as const;
type Group = (typeof GROUPS)[number];

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const range = RANGES.find((known) => known.value === params.get('days')) ?? RANGES[1];
  const groupBy: Group = (GROUPS as readonly string[]).includes(params.get('group') ?? '') ? (params.get('group') as Group) : 'severity';
  const analytics = useQuery({
    queryKey: ['analytics', range.value, groupBy],
    queryFn: async () => {
      const to = new Date();
      const from = new Date(to.getTime() - Number(range.value) * 86_400_000);
      return unwrap(
        await api.GET('/api/v1/analytics', {
          params: { query: { from: from.toISOString(), to: to.toISOString(), interval: range.interval, group_by: groupBy } },
        }),
      ).data;
    },
  });
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next);
  };
  return (
    <>
      <PageHead title="Analytics">
        <label className="row" style={{ flexDirection: 'row' }}>
          Range
          <select value={range.value} onChange={(event) => set('days', event.target.value)}>
            <Options values={RANGES} />
          </select>
        </label>
        <label className="row" style={{ flexDirection: 'row' }}>
          Breakdown
          <select value={groupBy} onChange={(event) => set('group', event.target.value)}>
            <Options values={GROUPS} />
          </select>
        </label>
      </PageHead>
      {analytics.isPending ? (
        <div className="card">
          <Loading rows={5} />
        </div>
      ) : analytics.error ? (
        <div className="card">
          <ErrorState error={analytics.error} retry={() => void analytics.refetch()} />
        </div>
      ) : (
        (() => {
          const { totals, series, groups } = analytics.data;
          const labels = series.map((bucket) => dayLabel.format(new Date(bucket.bucket_start)));
          const maxCreated = Math.max(1, ...groups.map((group) => group.incidents_created));
          return (
            <>
              <section className="card stat-grid" aria-label="Totals">
                <Stat label="Mean time to acknowledge" value={formatDuration(totals.mtta_seconds)} />
                <Stat label="Mean time to resolve" value={formatDuration(totals.mttr_seconds)} />
                <Stat label="p90 time to resolve" value={formatDuration(totals.p90_ttr_seconds)} />
                <Stat label="Incidents created" value={String(totals.incidents_created)} />
                <Stat label="Resolved" value={String(totals.incidents_resolved)} />
                <Stat label="Open at the end" value={String(totals.open_at_end)} />
                <Stat label="Alerts received" value={String(totals.alerts_received)} />
              </section>
              <div className="grid-2" style={{ gridTemplateColumns: '1fr 1fr' }}>
                <section className="card" aria-labelledby="mttx-title">
                  <h2 id="mttx-title">MTTA and MTTR</h2>
                  <LineChart
                    title="Mean time to acknowledge and to resolve per bucket"
                    labels={labels}
                    format={formatDuration}
                    series={[
                      { name: 'MTTA', color: 'var(--chart-2)', values: series.map((bucket) => bucket.mtta_seconds) },
                      { name: 'MTTR', color: 'var(--chart-1)', values: series.map((bucket) => bucket.mttr_seconds) },
                    ]}
                  />
                </section>
                <section className="card" aria-labelledby="created-title">
                  <h2 id="created-title">Incidents created</h2>
                  <BarChart
                    title="Incidents created per bucket"
                    labels={labels}
                    values={series.map((bucket) => bucket.incidents_created)}
                    color="var(--chart-3)"
                  />
                </section>
              </div>
              <section className="card" aria-labelledby="breakdown-title">
                <h2 id="breakdown-title">By {groupBy}</h2>
                {groups.length === 0 ? (
                  <Empty title="No incident in this range" />
                ) : (
                  <div className="stack">
                    {groups.map((group) => (
                      <div key={group.key ?? 'none'} className="bar-row">
                        <span>{group.key ?? 'none'}</span>
                        <div className="bar-track" aria-hidden="true">
                          <div className="bar-fill" style={{ width: `${(group.incidents_created / maxCreated) * 100}%` }} />
                        </div>
                        <span className="small">
                          {group.incidents_created} · {formatDuration(group.mttr_seconds)}
                        </span>
                      </div>
                    ))}
                  </div>
                )}
              </section>
            </>
          );
        })()
      )}
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <span className="muted small">{label}</span>
      <span className="value">{value}</span>
    </div>
  );
}
