import { useState } from 'react';
import { Link } from 'react-router';
import type { IncidentDetail } from '../lib/api.ts';
import { matchersFromLabels } from '../lib/silences.ts';
import { SilenceEditor, type Silence } from './SilenceEditor.tsx';

/** "Silence similar" on an incident: a silence prefilled from the labels of the alert that opened it, preview shown. */
export function SilenceSimilar({ incident }: { incident: IncidentDetail }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Silence | null>(null);
  const matchers = matchersFromLabels(incident.labels);
  // An incident opened by hand has no alert labels to start from.
  if (matchers.length === 0) return null;
  return (
    <div className="stack" style={{ marginBottom: 'var(--space-4)' }}>
      {created ? (
        <div className="alert-box ok" role="status">
          Silence created: <code>{created.matchers_text}</code> until {new Date(created.ends_at).toLocaleString()}.{' '}
          <Link to="/silences">All silences</Link>
        </div>
      ) : null}
      {open ? (
        <SilenceEditor
          initialMatchers={matchers}
          initialComment={`Similar to "${incident.title}"`}
          onCancel={() => setOpen(false)}
          onDone={(silence) => {
            setCreated(silence);
            setOpen(false);
          }}
        />
      ) : (
        <div className="row">
          <button type="button" onClick={() => setOpen(true)}>
            Silence similar
          </button>
          <span className="muted small">Mute the alerts that carry this incident's labels, for a while.</span>
        </div>
      )}
    </div>
  );
}
