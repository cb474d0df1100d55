import type { ChannelField } from '../lib/channels.ts';

/**
 * The inputs of a form generated from a descriptor. Secrets are password inputs that never show a
 * stored value: `secretsSet` says which ones are stored already, so an empty one keeps nothing.
 */
export function ChannelFields({
  idPrefix,
  fields,
  values,
  onChange,
  secretsSet = false,
}: {
  idPrefix: string;
  fields: readonly ChannelField[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  secretsSet?: boolean;
}) {
  return (
    <div className="field-row">
      {fields.map((field) => {
        const helpId = `${idPrefix}-${field.name}-help`;
        const help = [
          field.help,
          field.secret
            ? secretsSet
              ? 'Stored encrypted; give it again to change anything'
              : 'Stored encrypted, never shown again'
            : undefined,
        ]
          .filter(Boolean)
          .join('. ');
        return (
          <div key={field.name} className="stack" style={{ gap: 2 }}>
            <label>
              {field.label}
              <input
                name={field.name}
                type={field.secret ? 'password' : (field.type ?? 'text')}
                required={field.required}
                placeholder={field.placeholder}
                autoComplete={field.secret ? 'new-password' : 'off'}
                value={values[field.name] ?? ''}
                onChange={(event) => onChange(field.name, event.target.value)}
                aria-describedby={help ? helpId : undefined}
              />
            </label>
            {help ? (
              <span id={helpId} className="muted small">
                {help}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
