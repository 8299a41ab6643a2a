/**
 * The draft run in the page: the service's own flow engine (pure, bundled here) plays the bot,
 * the author plays the visitor. Questions offer their real inputs (buttons, stars, yes/no); an
 * http step is not called and the agent does not talk at an ai step: the author picks how it
 * went. Nothing is sent or stored.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { FlowGraph } from '../../../../../domain/flow/flowGraph.js';
import { parseFlow } from '../../../../../domain/flow/flowParsing.js';
import {
  type FlowOutcome,
  type FlowRun,
  type ShownInput,
  answerQuestion,
  resumeAfterAi,
  resumeAfterHttp,
  startFlow,
} from '../../../../../domain/flow/flowInterpreter.js';
import { Button } from '../../../ui/index.js';
import { humanProblem } from './flowProblems.js';
import { stepField } from './graphEditing.js';

interface Line {
  from: 'bot' | 'visitor' | 'note';
  text: string;
}

interface Conversation {
  lines: Line[];
  run: FlowRun;
  /** Every step visited so far, in order: the path the author checks against the flow. */
  path: string[];
}

const botLines = (run: FlowRun): Line[] => run.replies.map((r) => ({ from: 'bot', text: r.text }));

function outcomeNote(outcome: FlowOutcome): string | null {
  if (outcome.type === 'handoff') return `Handed off to your team (${outcome.reason}) · conversation escalated`;
  if (outcome.type === 'ended') return `Conversation ${outcome.resolution}`;
  if (outcome.type === 'awaiting_ai')
    return "The agent answers here: in live conversations the chatbot's AI agent talks with the visitor until it ends the talk or hands off.";
  return null;
}

/** The draft as the engine reads it, or the first problem that stops it. */
function parsed(graph: FlowGraph): { flow: FlowGraph } | { problem: string } {
  try {
    return { flow: parseFlow(graph).flow };
  } catch (err) {
    // A FlowError names the step and the field, as a refused save does.
    const { message, field, stepId } = err as { message: string; field?: string; stepId?: string };
    const within = stepId ? stepField(field) : (field ?? '');
    const problem = humanProblem(message, within);
    return { problem: stepId ? `step ${stepId}: ${problem}` : problem };
  }
}

export function DraftPreview({ graph, botName }: { graph: FlowGraph; botName: string }) {
  const result = parsed(graph);
  if ('problem' in result) {
    return (
      <div class="chat-preview preview-blocked">
        <p class="callout callout-warning">The preview runs once the draft is complete. First, fix {result.problem}</p>
      </div>
    );
  }
  return <PreviewChat flow={result.flow} botName={botName} />;
}

function PreviewChat({ flow, botName }: { flow: FlowGraph; botName: string }) {
  const begin = (): Conversation => {
    const run = startFlow(flow);
    return { run, lines: botLines(run), path: run.path };
  };
  const [conv, setConv] = useState<Conversation>(begin);
  const after = (visitor: Line | null, run: FlowRun) =>
    setConv((c) => ({
      run,
      lines: [...c.lines, ...(visitor ? [visitor] : []), ...botLines(run)],
      path: [...c.path, ...run.path],
    }));
  const answer = (text: string) => after({ from: 'visitor', text }, answerQuestion(flow, conv.run.state, text));
  const outcome = conv.run.outcome;
  const asked =
    outcome.type === 'awaiting_answer' ? [...conv.run.replies].reverse().find((r) => r.input)?.input : undefined;
  const note = outcomeNote(outcome);
  return (
    <div class="preview-layout">
      <div class="preview">
        <div class="chat-preview" role="log" aria-label={`Preview of a conversation with ${botName}`} tabIndex={0}>
          {conv.lines.map((l, i) =>
            l.from === 'note' ? (
              <p key={i} class="chat-note">
                {l.text}
              </p>
            ) : (
              <div key={i} class={`bubble bubble-${l.from === 'bot' ? 'bot' : 'user'}`}>
                {l.text}
              </div>
            ),
          )}
          {note && <p class="chat-note">{note}</p>}
        </div>
        <div class="preview-input">
          {outcome.type === 'awaiting_answer' && asked && <AnswerInput input={asked} onAnswer={answer} />}
          {outcome.type === 'awaiting_http' && (
            <HowDidItGo
              question={
                <>
                  <strong>
                    {outcome.request.method} {outcome.request.url}
                  </strong>{' '}
                  is not called in the preview. How did it go?
                </>
              }
              choices={[
                {
                  label: 'It succeeded',
                  note: 'HTTP call answered: success',
                  run: () => resumeAfterHttp(flow, conv.run.state, { ok: true, status: 200, json: {} }),
                },
                {
                  label: 'It failed',
                  note: 'HTTP call answered: failure',
                  run: () => resumeAfterHttp(flow, conv.run.state, { ok: false, reason: 'preview' }),
                },
              ]}
              onPick={after}
            />
          )}
          {outcome.type === 'awaiting_ai' && (
            <HowDidItGo
              question={
                <>
                  <strong>The agent does not talk in the preview.</strong> How did its part end?
                </>
              }
              choices={[
                {
                  label: 'It resolved the matter',
                  note: 'The agent ended the talk: resolved',
                  run: () => resumeAfterAi(flow, conv.run.state, { outcome: 'resolved' }),
                },
                {
                  label: 'It handed off',
                  note: 'The agent handed the visitor to a person',
                  run: () => resumeAfterAi(flow, conv.run.state, { outcome: 'handoff', reason: 'visitor_request' }),
                },
              ]}
              onPick={after}
            />
          )}
          <Button size="sm" variant="ghost" onClick={() => setConv(begin())}>
            Restart the preview
          </Button>
        </div>
      </div>
      <section class="preview-path" aria-label="Steps taken">
        <h3 class="section-title">Steps taken</h3>
        <ol>
          {conv.path.map((id, i) => (
            <li key={`${i}-${id}`}>
              <code>{id}</code>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** A step the preview does not carry out (an http call, the agent's talk): the author says how it went. */
function HowDidItGo({
  question,
  choices,
  onPick,
}: {
  question: ComponentChildren;
  choices: Array<{ label: string; note: string; run: () => FlowRun }>;
  onPick: (note: Line, run: FlowRun) => void;
}) {
  return (
    <div class="preview-http">
      <p class="field-hint">{question}</p>
      <div class="row">
        {choices.map((c) => (
          <Button key={c.label} size="sm" onClick={() => onPick({ from: 'note', text: c.note }, c.run())}>
            {c.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

const TEXT_TYPE: Record<string, { type: string; inputMode?: string; label: string }> = {
  text: { type: 'text', label: 'Your answer' },
  email: { type: 'email', inputMode: 'email', label: 'Your email' },
  phone: { type: 'tel', inputMode: 'tel', label: 'Your phone number' },
  number: { type: 'text', inputMode: 'decimal', label: 'A number' },
  date: { type: 'date', label: 'A date' },
  url: { type: 'url', inputMode: 'url', label: 'A web address' },
};

function AnswerInput({ input, onAnswer }: { input: ShownInput; onAnswer: (text: string) => void }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  if (input.type === 'choice' && !input.multiple) {
    return (
      <div class="preview-choices" role="group" aria-label="Choose an answer">
        {input.options.map((o) => (
          <Button key={o.value} size="sm" onClick={() => onAnswer(o.label)}>
            {o.label}
          </Button>
        ))}
      </div>
    );
  }
  if (input.type === 'choice') {
    return (
      <form
        class="preview-choices"
        aria-label="Choose answers"
        onSubmit={(e) => {
          e.preventDefault();
          onAnswer(picked.join(', '));
        }}
      >
        {input.options.map((o) => (
          <label key={o.value} class="check">
            <input
              type="checkbox"
              checked={picked.includes(o.label)}
              onChange={(e) =>
                setPicked((p) =>
                  (e.currentTarget as HTMLInputElement).checked ? [...p, o.label] : p.filter((x) => x !== o.label),
                )
              }
            />{' '}
            {o.label}
          </label>
        ))}
        <Button size="sm" variant="primary" type="submit">
          Send
        </Button>
      </form>
    );
  }
  if (input.type === 'yesno' || input.type === 'rating') {
    const scale = input.type === 'rating' ? input.max : null;
    const values =
      scale === null
        ? ['Yes', 'No']
        : Array.from({ length: scale === 10 ? 11 : 5 }, (_, i) => String(scale === 10 ? i : i + 1));
    return (
      <div class="preview-choices" role="group" aria-label={input.type === 'yesno' ? 'Yes or no' : 'Rating'}>
        {values.map((v) => (
          <Button key={v} size="sm" onClick={() => onAnswer(v)}>
            {v}
          </Button>
        ))}
      </div>
    );
  }
  const kind = TEXT_TYPE[input.type] ?? TEXT_TYPE.text!;
  return (
    <form
      class="preview-answer"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onAnswer(text.trim());
        setText('');
      }}
    >
      <input
        class="input"
        type={kind.type}
        inputMode={kind.inputMode as 'text'}
        aria-label={kind.label}
        value={text}
        onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
      />
      <Button size="sm" variant="primary" type="submit">
        Send
      </Button>
    </form>
  );
}
