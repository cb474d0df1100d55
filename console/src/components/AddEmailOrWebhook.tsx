import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../lib/api.ts';
import { MY_PAGING_KEY } from '../lib/paging.ts';
import { FieldErrors, FormActions } from './ui.tsx';

/** An email (verified by a mailed link) or a webhook (a URL and an optional JSON template). */
export function AddEmailOrWebhook({ type, onDone }: { type: 'email' | 'webhook'; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [url, setUrl] = useState('');
  const [template, setTemplate] = useState('');
  const save = useMutation({
    mutationFn: async () => {
      if (type === 'email') {
        return unwrap(
          await api.POST('/api/v1/users/me/contact-methods', {
            body: { type: 'email', address, ...(label.trim() ? { label } : {}) },
          }),
        ).data;
      }
      let parsed: unknown;
      if (template.trim()) {
        try {
          parsed = JSON.parse(template);
        } catch {
          throw new Error('The template is not valid JSON');
        }
      }
      return unwrap(
        await api.POST('/api/v1/users/me/contact-methods', {
          body: { type: 'webhook', label, url, ...(parsed === undefined ? {} : { template: parsed }) },
        }),
      ).data;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [MY_PAGING_KEY] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = type === 'email' ? 'Add an email' : 'Add a webhook';
  return (
    <form className="form stack" onSubmit={submit} aria-label={title}>
      <h3 style={{ margin: 0 }}>{title}</h3>
      <div className="field-row">
        <label>
          Label
          <input
            required={type === 'webhook'}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            placeholder={type === 'email' ? 'Work' : 'Team chat'}
          />
        </label>
        {type === 'email' ? (
          <label>
            Address
            <input required type="email" value={address} onChange={(event) => setAddress(event.target.value)} />
          </label>
        ) : (
          <label>
            URL
            <input
              required
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              autoComplete="off"
              aria-describedby="url-help"
            />
          </label>
        )}
      </div>
      {type === 'email' ? (
        <p className="muted small" style={{ margin: 0 }}>
          A link is mailed to the address; it is paged once you follow it.
        </p>
      ) : (
        <>
          <p id="url-help" className="muted small" style={{ margin: 0 }}>
            The URL is write-only: it often holds a token, so it is stored encrypted and only its host is shown again.
          </p>
          <label>
            Template (JSON body, optional)
            <textarea
              className="mono"
              value={template}
              onChange={(event) => setTemplate(event.target.value)}
              placeholder={'{"text": "{{incident.title}} ({{incident.severity}}): {{incident.url}}"}'}
            />
          </label>
        </>
      )}
      <FieldErrors error={save.error} />
      <FormActions label="Add" pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
