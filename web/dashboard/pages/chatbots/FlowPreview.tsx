/**
 * A live preview of the conversation a visitor would have: the bot's messages, a sample answer
 * for each question, and where the conversation ends (after the last step or at a hand-off).
 */
import type { EditableStep } from './flowRules.js';
import { placeholders } from './flowRules.js';

function BotText({ text, answers }: { text: string; answers: Map<string, string> }) {
  return (
    <>
      {placeholders(text).map((p, i) =>
        p.variable ? <strong key={i}>{answers.get(p.variable) ?? ''}</strong> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

/** A believable sample answer for a variable name. */
function sampleAnswer(variable: string): string {
  const v = variable.toLowerCase();
  if (v.includes('email')) return 'ann@example.com';
  if (v.includes('phone')) return '+1 555 0100';
  if (v.includes('name')) return 'Ann';
  if (v.includes('company')) return 'Acme Inc.';
  return `(${variable})`;
}

export function FlowPreview({ steps, botName }: { steps: EditableStep[]; botName: string }) {
  const answers = new Map<string, string>();
  const items = [];
  let ended: 'handoff' | 'end' = 'end';
  for (const s of steps) {
    if (!s.text.trim()) continue;
    items.push(
      <div key={`b${s.key}`} class="bubble bubble-bot">
        {/* A copy: what is known at this step, not what later questions add (BotText renders after the loop). */}
        <BotText text={s.text} answers={new Map(answers)} />
      </div>,
    );
    if (s.type === 'question') {
      const answer = sampleAnswer(s.variable || 'answer');
      items.push(
        <div key={`u${s.key}`} class="bubble bubble-user">
          {answer}
        </div>,
      );
      if (s.variable) answers.set(s.variable, answer);
    }
    if (s.type === 'handoff') {
      ended = 'handoff';
      break;
    }
  }
  return (
    // Focusable: a long conversation scrolls inside the card, and a keyboard must reach it.
    <div class="chat-preview" aria-label={`Preview of a conversation with ${botName}`} role="log" tabIndex={0}>
      {items.length === 0 ? (
        <p class="chat-note">Add a step to see the conversation.</p>
      ) : (
        <>
          {items}
          <p class="chat-note">
            {ended === 'handoff'
              ? 'Handed off to your team · conversation ends'
              : 'End of the flow · conversation resolved'}
          </p>
        </>
      )}
    </div>
  );
}
