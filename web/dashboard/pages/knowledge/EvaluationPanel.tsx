/**
 * Evaluation: test questions with the sources that answer them, and runs that search the
 * knowledge for each one (hit rate at k) and, with a chatbot, ask its agent and check the
 * answer for the expected facts. Runs are kept, newest first, so they can be compared.
 */
import { useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import {
  Badge,
  Button,
  Card,
  type Column,
  ConfirmDialog,
  EmptyState,
  Icon,
  Select,
  Table,
  TextField,
  formatShortDateTime,
  listGate,
  useConfirmedAction,
  useLoad,
  useToast,
} from '../../ui/index.js';
import type { ChatbotListItem } from '../chatbots/chatbotApi.js';
import { AddQuestionModal } from './AddQuestionModal.js';
import {
  type EvaluationQuestion,
  type EvaluationResult,
  type EvaluationRun,
  knowledgeApi,
  type Source,
} from './knowledgeApi.js';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
const checksText = (r: EvaluationRun) =>
  r.answerChecks
    ? `${r.answerChecks.passed} of ${r.answerChecks.checked} ${r.answerChecks.checked === 1 ? 'answer' : 'answers'} passed`
    : 'Retrieval only';

function RunResults({ run, titles }: { run: EvaluationRun; titles: Map<string, string> }) {
  const columns: Column<EvaluationResult>[] = [
    {
      key: 'question',
      header: 'Question',
      render: (r) => (
        <>
          <span class="cell-text cell-text-wide">{r.question}</span>
          <span class="cell-sub">
            Found:{' '}
            {r.foundSourceIds.length
              ? r.foundSourceIds.map((id) => titles.get(id) ?? 'a deleted source').join(', ')
              : 'nothing'}
          </span>
        </>
      ),
    },
    {
      key: 'hit',
      header: `In the top ${run.k}`,
      render: (r) =>
        r.hit ? <Badge tone="success">Hit{r.rank ? ` at ${r.rank}` : ''}</Badge> : <Badge tone="danger">Missed</Badge>,
    },
    {
      key: 'facts',
      header: 'Answer',
      render: (r) =>
        r.answer === null ? (
          r.answerError ? (
            <>
              <Badge tone="warning">No answer</Badge>
              <span class="cell-sub cell-sub-wrap">{r.answerError}</span>
            </>
          ) : (
            <span class="muted small">Not asked</span>
          )
        ) : r.factsMissing.length === 0 ? (
          <Badge tone="success">All facts</Badge>
        ) : (
          <>
            <Badge tone="warning">Missing facts</Badge>
            <span class="cell-sub cell-sub-wrap">{r.factsMissing.join(', ')}</span>
          </>
        ),
    },
  ];
  return (
    <Card
      title={`Run of ${formatShortDateTime(run.createdAt)}`}
      description={`Hit rate at ${run.k}: ${percent(run.hitRate)} (${run.hits} of ${run.questions}). ${checksText(run)}.`}
      padded={false}
    >
      <Table columns={columns} rows={run.results ?? []} rowKey={(r) => r.questionId} caption="Results of the run" />
    </Card>
  );
}

export function EvaluationPanel({ sources, chatbots }: { sources: Source[]; chatbots: ChatbotListItem[] }) {
  const toast = useToast();
  const questions = useLoad(() => knowledgeApi.questions(), []);
  const runs = useLoad(() => knowledgeApi.runs(), []);
  const [adding, setAdding] = useState(false);
  const [chatbotId, setChatbotId] = useState('');
  const [k, setK] = useState('5');
  const [running, setRunning] = useState(false);
  const [shown, setShown] = useState<EvaluationRun | null>(null);
  const titles = new Map(sources.map((s) => [s.id, s.title]));
  const names = new Map(chatbots.map((c) => [c.id, c.name]));
  const deleting = useConfirmedAction(async (q: EvaluationQuestion) => {
    await knowledgeApi.removeQuestion(q.id);
    if (questions.data) questions.set({ data: questions.data.data.filter((x) => x.id !== q.id) });
    return 'Test question deleted.';
  });

  const run = async () => {
    setRunning(true);
    try {
      const r = await knowledgeApi.startRun({ ...(chatbotId ? { chatbotId } : {}), k: Number(k) || 5 });
      setShown(r.data);
      runs.set({ data: [r.data, ...(runs.data?.data ?? [])] });
      toast(
        `Evaluated: hit rate at ${r.data.k} is ${percent(r.data.hitRate)}${r.data.answerChecks ? `; ${checksText(r.data)}` : ''}.`,
      );
    } catch (err) {
      toast((err as ApiError).message, 'error');
    } finally {
      setRunning(false);
    }
  };
  const open = async (r: EvaluationRun) => {
    try {
      setShown((await knowledgeApi.run(r.id)).data);
    } catch (err) {
      toast((err as ApiError).message, 'error');
    }
  };

  const questionColumns: Column<EvaluationQuestion>[] = [
    {
      key: 'question',
      header: 'Question',
      render: (q) => (
        <>
          <span class="cell-text cell-text-wide">{q.question}</span>
          {q.expectedFacts.length > 0 && <span class="cell-sub">Facts: {q.expectedFacts.join(', ')}</span>}
        </>
      ),
    },
    {
      key: 'sources',
      header: 'Expected sources',
      render: (q) => (
        <span class="small">{q.expectedSourceIds.map((id) => titles.get(id) ?? 'A deleted source').join(', ')}</span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      unlabeled: true,
      render: (q) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => deleting.ask(q)}
          aria-label={`Delete the question ${q.question}`}
        >
          Delete
        </Button>
      ),
    },
  ];
  const runColumns: Column<EvaluationRun>[] = [
    {
      key: 'when',
      header: 'Run',
      render: (r) => (
        <>
          <span class="nowrap">{formatShortDateTime(r.createdAt)}</span>
          <span class="cell-sub">
            {r.chatbotId ? (names.get(r.chatbotId) ?? 'A deleted chatbot') : 'Retrieval only'}
          </span>
        </>
      ),
    },
    { key: 'rate', header: 'Hit rate', render: (r) => <strong>{percent(r.hitRate)}</strong> },
    { key: 'k', header: 'At k', render: (r) => <span class="small">{r.k}</span> },
    { key: 'checks', header: 'Answer checks', render: (r) => <span class="small">{checksText(r)}</span> },
    {
      key: 'open',
      header: 'Results',
      align: 'right',
      unlabeled: true,
      render: (r) => (
        <Button
          size="sm"
          onClick={() => void open(r)}
          aria-label={`Show the results of the run of ${formatShortDateTime(r.createdAt)}`}
        >
          Results
        </Button>
      ),
    },
  ];

  const addButton = (
    <Button
      variant="primary"
      icon={<Icon name="plus" size={16} />}
      onClick={() => setAdding(true)}
      disabled={sources.length === 0}
      title={sources.length === 0 ? 'Add a knowledge source first' : undefined}
    >
      Add question
    </Button>
  );
  const list = questions.data?.data ?? [];
  return (
    <div class="stack">
      {listGate(questions, 'Test questions')}
      {questions.data && list.length === 0 && (
        <EmptyState title="No test questions yet" icon={<Icon name="search" size={28} />} action={addButton}>
          <p>
            Write the questions your visitors ask with the source that answers each. A run tells you how often the right
            source is found, before a visitor finds out.
          </p>
        </EmptyState>
      )}
      {list.length > 0 && (
        <Card
          title="Test questions"
          description={`${list.length} of 200 questions.`}
          actions={addButton}
          padded={false}
        >
          <Table columns={questionColumns} rows={list} rowKey={(q) => q.id} caption="Test questions" />
        </Card>
      )}
      <Card
        title="Runs"
        description="Each run searches the sources for every question; with a chatbot, its agent answers too."
      >
        <div class="evaluation-run-form">
          <Select
            label="Agent to ask"
            value={chatbotId}
            onChange={setChatbotId}
            options={[
              { value: '', label: 'None: retrieval only' },
              ...chatbots.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <TextField
            label="Passages per question (k)"
            type="number"
            value={k}
            onInput={setK}
            inputProps={{ min: '1', max: '20', step: '1', inputMode: 'numeric' }}
          />
          <Button variant="primary" busy={running} disabled={list.length === 0} onClick={() => void run()}>
            Run evaluation
          </Button>
        </div>
      </Card>
      {listGate(runs, 'Runs')}
      {runs.data && runs.data.data.length > 0 && (
        <Card title="Past runs" padded={false}>
          <Table columns={runColumns} rows={runs.data.data} rowKey={(r) => r.id} caption="Evaluation runs" />
        </Card>
      )}
      {shown && <RunResults run={shown} titles={titles} />}
      <AddQuestionModal
        open={adding}
        sources={sources}
        onClose={() => setAdding(false)}
        onAdded={(q) => {
          toast('Test question added.');
          questions.set({ data: [...list, q] });
        }}
      />
      <ConfirmDialog
        open={!!deleting.item}
        title="Delete this test question?"
        confirmLabel="Delete question"
        busy={deleting.busy}
        onCancel={deleting.cancel}
        onConfirm={deleting.confirm}
      >
        <p>
          <strong>{deleting.item?.question}</strong> is no longer asked in new runs. Past runs keep their results.
        </p>
      </ConfirmDialog>
    </div>
  );
}
