import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { patchAt, removeAt } from '../lib/lists.ts';
import { api, unwrap } from '../lib/api.ts';
import { SCHEDULES_KEY, useMembers, type Schedule } from '../lib/schedules.ts';
import { CardForm, FieldErrors, FormActions } from '../components/ui.tsx';
import { draftOf, emptyIcalLayer, emptyLayer, layerOf, type LayerDraft, type LayerPatch } from '../lib/layer-drafts.ts';
import { LayerFields } from './ScheduleLayerFields.tsx';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Create a schedule, or edit one (`schedule` given): name, zone, description and layers. */
export function ScheduleForm({ schedule, onCancel }: { schedule?: Schedule; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const members = useMembers();
  const [name, setName] = useState(schedule?.name ?? '');
  const [zone, setZone] = useState(schedule?.time_zone ?? browserZone());
  const [description, setDescription] = useState(schedule?.description ?? '');
  const [layers, setLayers] = useState<LayerDraft[]>(() =>
    schedule ? schedule.layers.map((layer) => draftOf(layer, schedule.time_zone)) : [emptyLayer(zone)],
  );
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const save = useMutation({
    mutationFn: async () => {
      const body = { name, time_zone: zone, description: description.trim() || null, layers: layers.map((l) => layerOf(l, zone)) };
      return schedule
        ? unwrap(await api.PATCH('/api/v1/schedules/{id}', { params: { path: { id: schedule.id } }, body })).data
        : unwrap(await api.POST('/api/v1/schedules', { body })).data;
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: [SCHEDULES_KEY] });
      if (schedule) onCancel();
      else navigate(`/schedules/${saved.id}`);
    },
  });
  const change = (index: number, patch: LayerPatch) => setLayers((current) => patchAt(current, index, patch));
  const title = schedule ? `Edit ${schedule.name}` : 'New schedule';
  return (
    <CardForm title={title} onSubmit={() => save.mutate()}>
      <div className="field-row">
        <label>
          Name
          <input required value={name} onChange={(event) => setName(event.target.value)} placeholder="Payments primary" />
        </label>
        <label>
          Time zone
          <input required list="time-zones" value={zone} onChange={(event) => setZone(event.target.value)} autoComplete="off" />
        </label>
        <datalist id="time-zones">
          {zones.map((known) => (
            <option key={known} value={known} />
          ))}
        </datalist>
      </div>
      <label>
        Description
        <textarea value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <p className="muted small" style={{ margin: 0 }}>
        Times below are wall-clock times in {zone || 'the schedule zone'}. Layers are listed lowest first: a later layer wins where it has
        someone.
      </p>
      {layers.map((layer, index) => (
        <LayerFields
          key={index}
          index={index}
          layer={layer}
          members={members.data ?? []}
          onChange={(patch) => change(index, patch)}
          onRemove={() => setLayers((current) => removeAt(current, index))}
        />
      ))}
      <div className="row">
        <button type="button" onClick={() => setLayers((current) => [...current, emptyLayer(zone)])}>
          Add a layer
        </button>
        <button type="button" onClick={() => setLayers((current) => [...current, emptyIcalLayer(zone)])}>
          Add an iCalendar feed layer
        </button>
      </div>
      <FieldErrors error={save.error} />
      <FormActions label={schedule ? 'Save' : 'Create schedule'} pending={save.isPending} onCancel={onCancel} />
    </CardForm>
  );
}
