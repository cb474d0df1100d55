import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { io } from 'socket.io-client';
import { refreshSession, type Schemas } from './api.ts';

type ChatMessage = Schemas['ChatMessage'];

const LiveContext = createContext(false);

/** Whether the realtime connection is up (the lists then follow events without polling). */
export function useLive(): boolean {
  return useContext(LiveContext);
}

const INCIDENT_EVENTS = ['incident.created', 'incident.updated', 'incident.status_changed', 'alert.received'] as const;
// An escalation's level or pages changed: the incident page re-reads its escalation state.
const ESCALATION_EVENTS = ['escalation.updated', 'page.sent'] as const;

/**
 * One socket.io connection per signed-in tab, authenticated by the session cookie. Events do not
 * carry whole resources for every view, so they mark the matching queries stale and TanStack
 * Query re-reads the ones on screen. After a reconnect everything is re-read: events sent while
 * the connection was down are not replayed.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const socket = io(window.location.origin, { path: '/api/v1/ws', transports: ['websocket'], withCredentials: true });
    let connectedBefore = false;
    socket.on('connect', () => {
      setLive(true);
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    });
    socket.on('disconnect', () => setLive(false));
    // A refused handshake is not retried by socket.io: the access cookie has probably expired.
    socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      setLive(false);
      if (socket.active) return;
      const delay = error.data?.code === 'INVALID_TOKEN' ? 0 : 5_000;
      setTimeout(() => {
        void refreshSession().then((ok) => {
          if (ok) socket.connect();
        });
      }, delay);
    });
    for (const event of INCIDENT_EVENTS) {
      socket.on(event, () => {
        void queryClient.invalidateQueries({ queryKey: ['incidents'] });
        void queryClient.invalidateQueries({ queryKey: ['incident'] });
      });
    }
    for (const event of ESCALATION_EVENTS) {
      socket.on(event, () => void queryClient.invalidateQueries({ queryKey: ['incident'] }));
    }
    // The assistant's answer streams as partial messages, then the stored one: shown as it grows.
    socket.on('chat.message', (envelope: { data?: { message?: ChatMessage; state?: string } }) => {
      const message = envelope.data?.message;
      if (!message) return;
      queryClient.setQueryData<ChatMessage[]>(['incident', message.incident_id, 'messages'], (messages) => {
        if (!messages) return messages;
        const at = messages.findIndex((known) => known.id === message.id);
        return at < 0 ? [...messages, message] : messages.map((known, index) => (index === at ? message : known));
      });
      if (envelope.data?.state !== 'partial') void queryClient.invalidateQueries({ queryKey: ['incident', message.incident_id] });
    });
    socket.on('schedule.updated', () => void queryClient.invalidateQueries({ queryKey: ['schedules'] }));
    socket.on('execution.updated', () => {
      void queryClient.invalidateQueries({ queryKey: ['execution'] });
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
      void queryClient.invalidateQueries({ queryKey: ['incident'] });
    });
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}
