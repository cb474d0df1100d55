// What the OpenAPI document says of each inhibition-rule operation, by operationId (api/routes/inhibition-rule.routes.ts).

const HOW_INHIBITION_WORKS =
  "Alertmanager's inhibit rules: while an alert the `source_matchers` select is firing (the latest alert of its key, in an open incident, not itself muted), " +
  'a firing alert the `target_matchers` select whose `equal` labels have the same values is stored with `silenced_kind: "inhibition"` and `silenced_by` (the rule id): ' +
  'it opens nothing and pages no one. An alert matching both sides is not inhibited by a source that also matches both. ' +
  'When a source resolves, each inhibited alert still firing that nothing inhibits any longer joins or opens its incident. Workers apply a change within moments.';

export const inhibitionRuleDocs = {
  listInhibitionRules: HOW_INHIBITION_WORKS,
  createInhibitionRule: `${HOW_INHIBITION_WORKS} An organization keeps at most 100 rules (409 beyond).`,
  updateInhibitionRule: 'Applies to alerts received afterwards; alerts already inhibited are released only when a source resolves.',
} as const;
