// What the OpenAPI document says of each chat operation, by operationId (api/routes/chat.routes.ts).

export const chatDocs = {
  postIncidentMessage:
    "Each message becomes a `chat_message` timeline entry and a `chat.message` WebSocket event (`data: {message, state}`) to the organization and the incident's subscribers. " +
    'A body starting with `@assistant` also asks the assistant the operator configured (an OpenAI-compatible chat-completions API), which answers from the incident, its ' +
    'alerts, its analysis and its top suggested runbooks: while it streams, `chat.message` events with `state: "partial"` carry the answer so far (same `message.id`, not ' +
    'stored); the stored `assistant` message follows with `state: "done"`. If the assistant keeps failing, the stored answer says so. Without one, an ' +
    '`@assistant` message is refused with 409 `ASSISTANT_NOT_CONFIGURED` and nothing is stored. An organization asks the assistant at most ' +
    'a number of times per clock hour the operator sets (default 30): beyond it the question is refused with 429 `RATE_LIMITED` (`Retry-After`: the next hour) ' +
    'and nothing is stored. An answer is cut at 4000 characters (or when the stream passes 256 KiB), kept with what arrived and marked `[answer truncated]`.',
} as const;
