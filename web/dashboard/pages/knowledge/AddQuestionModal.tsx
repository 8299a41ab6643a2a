/**
 * Add an evaluation question: the question a visitor might ask, the sources that answer it, and
 * optionally facts the agent's answer must contain (one a line).
 */
import { useEffect, useState } from 'preact/hooks';
import { CheckboxGroup, FormModal, TextField, useFormSubmit } from '../../ui/index.js';
import { type EvaluationQuestion, knowledgeApi, type Source } from './knowledgeApi.js';

const LABELS = {
  question: 'Question',
  expectedSourceIds: 'Sources that answer it',
  expectedFacts: 'Facts the answer must contain',
} as const;
const MAX_SOURCES = 10;
const MAX_FACTS = 10;

const factsOf = (text: string) =>
  text
    .split('\n')
    .map((f) => f.trim())
    .filter(Boolean);

export function AddQuestionModal({
  open,
  sources,
  onClose,
  onAdded,
}: {
  open: boolean;
  sources: Source[];
  onClose: () => void;
  onAdded: (q: EvaluationQuestion) => void;
}) {
  const [question, setQuestion] = useState('');
  const [expected, setExpected] = useState<string[]>([]);
  const [facts, setFacts] = useState('');
  const form = useFormSubmit(
    async () => {
      const r = await knowledgeApi.addQuestion({
        question: question.trim(),
        expectedSourceIds: expected,
        expectedFacts: factsOf(facts),
      });
      onAdded(r.data);
      onClose();
    },
    LABELS,
    {
      question: question.trim() ? null : `${LABELS.question} cannot be empty.`,
      expectedSourceIds:
        expected.length === 0
          ? 'Choose the source that answers it.'
          : expected.length > MAX_SOURCES
            ? `Choose at most ${MAX_SOURCES} sources.`
            : null,
      expectedFacts: factsOf(facts).length > MAX_FACTS ? `At most ${MAX_FACTS} facts, one a line.` : null,
    },
  );
  useEffect(() => {
    if (!open) return;
    setQuestion('');
    setExpected([]);
    setFacts('');
    form.clearError();
  }, [open]);

  return (
    <FormModal
      open={open}
      title="Add a test question"
      onClose={onClose}
      wide
      form={form}
      submitLabel="Add question"
      formId="evaluation-question"
    >
      <TextField
        label={LABELS.question}
        value={question}
        onInput={setQuestion}
        maxLength={500}
        required
        placeholder="How long do I have to return a parcel?"
        error={form.fieldError('question')}
        inputProps={{ onBlur: (e: FocusEvent) => form.touch('question', e) }}
      />
      <CheckboxGroup
        legend={LABELS.expectedSourceIds}
        options={sources.map((s) => ({ value: s.id, label: s.title }))}
        value={expected}
        onChange={setExpected}
        error={form.fieldError('expectedSourceIds')}
        hint="A hit: one of them is among the passages found."
      />
      <TextField
        label={LABELS.expectedFacts}
        aside="optional, one a line"
        value={facts}
        onInput={setFacts}
        multiline
        rows={3}
        placeholder={'30 days\nfree of charge'}
        error={form.fieldError('expectedFacts')}
        hint="Checked in the agent's answer when a run names a chatbot."
      />
    </FormModal>
  );
}
