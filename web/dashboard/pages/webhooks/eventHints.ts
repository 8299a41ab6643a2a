/** One line per webhook event, for the event checkboxes. */
export const EVENT_HINTS: Record<string, string> = {
  'conversation.started': 'A visitor starts a chat',
  'response.created': "A visitor's answers are first saved",
  'response.updated': 'Saved answers change',
  'conversation.completed': 'A chat ends (resolved, escalated or ended)',
};
