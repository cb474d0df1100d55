// What the OpenAPI document says of each routing-rule operation, by operationId (api/routes/routing-rule.routes.ts).

const HOW_ROUTING_WORKS =
  "When an alert opens an incident, the organization's enabled rules are tried in `position` order and the first whose matchers all hold chooses the escalation policy and the urgency; " +
  "when none matches, the integration's policy applies, else the organization's default, at `high` urgency. The incident records the rule, the policy and the urgency. " +
  'Incidents created by hand are not routed. A change applies to incidents that open afterwards.';

export const routingRuleDocs = {
  listRoutingRules: HOW_ROUTING_WORKS,
  createRoutingRule: `${HOW_ROUTING_WORKS} The new rule goes last unless \`position\` says otherwise. An organization keeps at most 200 rules (409 beyond).`,
  reorderRoutingRules:
    'The body lists every rule of the organization once, first evaluated first; the answer is the whole list in its new order.',
  testRoutingRules:
    'Runs routing on the alert described, exactly as for an incident it would open (label values cut to 1,024 characters, the same per-alert matching budget), and changes nothing. 404 when `integration_id` is not an integration of the organization; 422 when the rules are too expensive to evaluate for these labels.',
  updateRoutingRule: 'Incidents already open keep the policy and urgency they were routed to.',
  deleteRoutingRule: 'The rules after it move up one position. Incidents it routed keep its id as history.',
} as const;
