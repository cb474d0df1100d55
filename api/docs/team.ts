// What the OpenAPI document says of each team operation, by operationId (api/routes/team.routes.ts).

const HOW_TEAMS_WORK =
  "A team groups members of the organization, with its own default escalation policy and the schedules it owns (a schedule's `team_id`). " +
  "An escalation level may target a team (`{type: 'team', id}`): it pages whoever the team's schedules have on call, or every member when nobody is. " +
  "Integrations, routing rules, schedules and escalation policies carry a `team_id` owner; an integration owned by a team pages the team's default policy when its routing chooses none.";

export const teamDocs = {
  listTeams: HOW_TEAMS_WORK,
  createTeam: `${HOW_TEAMS_WORK} 409 CONFLICT when the organization has a team of that name (ignoring case); 422 when a member or the policy is not of the organization.`,
  updateTeam: 'Its name, description or default escalation policy. 409 CONFLICT when another team has the name (ignoring case).',
  deleteTeam:
    'What it owned goes back to the organization (`team_id` null). 409 CONFLICT, naming them, while an escalation policy has a level that pages the team.',
  addTeamMember: 'A member already in the team gets the role given. 422 when the user is not of the organization.',
} as const;
