// What the OpenAPI document says of each user operation, by operationId (api/routes/user.routes.ts).

export const userDocs = {
  updateUser:
    'Anyone may change their own name. Changing someone else, or any role, needs `users:update`. Only an owner grants `owner` or changes an owner; the last owner cannot be demoted (409).',
  removeUser:
    'Deletes the account with its API keys and sessions, and takes the user out of every schedule rotation and override: each schedule touched gets a `schedule.updated` WebSocket event (`reason: "member_removed"`) whose `gaps_opened` lists the uncovered intervals of the next 28 days. Only an owner removes an owner; the last owner cannot be removed (409).',
} as const;
