import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout.tsx';
import { Empty } from './components/ui.tsx';
import { ApiError } from './lib/api.ts';
import { RealtimeProvider } from './lib/realtime.tsx';
import { RequireSession } from './lib/session.tsx';
import { applyTheme, storedTheme, watchSystemTheme } from './lib/theme.ts';
import { ApiKeysPage, SettingsPage, SsoPage, UsersPage } from './pages/Admin.tsx';
import { ChannelConnectionsPage } from './pages/ChannelConnections.tsx';
import { LinkChannelPage } from './pages/LinkChannel.tsx';
import { AnalyticsPage } from './pages/Analytics.tsx';
import { EscalationPoliciesPage } from './pages/EscalationPolicies.tsx';
import { ExecutionPage } from './pages/Execution.tsx';
import { IntegrationsPage } from './pages/Integrations.tsx';
import { IncidentDetailPage } from './pages/IncidentDetail.tsx';
import { PostmortemPage } from './pages/Postmortem.tsx';
import { IncidentsPage } from './pages/Incidents.tsx';
import { MyPagingPage } from './pages/MyPaging.tsx';
import { MyShiftsPage } from './pages/MyShifts.tsx';
import { RoutingRulesPage } from './pages/RoutingRules.tsx';
import { RunbooksPage } from './pages/Runbooks.tsx';
import { ScheduleDetailPage } from './pages/ScheduleDetail.tsx';
import { SchedulesPage } from './pages/Schedules.tsx';
import { SearchPage } from './pages/Search.tsx';
import { SilencesPage } from './pages/Silences.tsx';
import { HeartbeatsPage } from './pages/Heartbeats.tsx';
import { TeamsPage } from './pages/Teams.tsx';
import { StatusPageSettingsPage } from './pages/StatusPage.tsx';
import { PriorityRunbooksPage } from './pages/PriorityRunbooks.tsx';
import { SignInPage } from './pages/SignIn.tsx';
import './styles.css';

applyTheme(storedTheme());
watchSystemTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (401, 403, 404, 422) will not change on retry; outages (503) may.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
      staleTime: 10_000,
    },
  },
});

function NotFound() {
  return (
    <Empty title="Page not found">
      <a href="/">Back to incidents</a>
    </Empty>
  );
}

function SignedIn() {
  return (
    <RequireSession>
      <RealtimeProvider>
        <Layout />
      </RealtimeProvider>
    </RequireSession>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="/sign-in" element={<SignInPage />} />
          <Route element={<SignedIn />}>
            <Route index element={<IncidentsPage />} />
            <Route path="incidents" element={<IncidentsPage />} />
            <Route path="incidents/:id" element={<IncidentDetailPage />} />
            <Route path="incidents/:id/postmortem" element={<PostmortemPage />} />
            <Route path="executions/:id" element={<ExecutionPage />} />
            <Route path="runbooks" element={<RunbooksPage />} />
            <Route path="search" element={<SearchPage />} />
            <Route path="integrations" element={<IntegrationsPage />} />
            <Route path="schedules" element={<SchedulesPage />} />
            <Route path="schedules/my-shifts" element={<MyShiftsPage />} />
            <Route path="schedules/:id" element={<ScheduleDetailPage />} />
            <Route path="silences" element={<SilencesPage />} />
            <Route path="heartbeats" element={<HeartbeatsPage />} />
            <Route path="teams" element={<TeamsPage />} />
            <Route path="escalation-policies" element={<EscalationPoliciesPage />} />
            <Route path="routing-rules" element={<RoutingRulesPage />} />
            <Route path="my-paging" element={<MyPagingPage />} />
            <Route path="analytics" element={<AnalyticsPage />} />
            <Route path="admin/users" element={<UsersPage />} />
            <Route path="admin/api-keys" element={<ApiKeysPage />} />
            <Route path="admin/sso" element={<SsoPage />} />
            <Route path="admin/settings" element={<SettingsPage />} />
            <Route path="admin/priority-runbooks" element={<PriorityRunbooksPage />} />
            <Route path="admin/status-page" element={<StatusPageSettingsPage />} />
            <Route path="admin/channels" element={<ChannelConnectionsPage />} />
            <Route path="link-channel" element={<LinkChannelPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
