/**
 * The Flow tab of a chatbot with a branching flow: the draft edited step by step, saved (the
 * server's verdict shown on the step and field it names), previewed in the page, published; the
 * published versions with rollback; and the what-if run of recorded conversations on the draft.
 * Conversations only ever run on published versions, so saving the draft changes nothing live.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../../../api.js';
import type { FlowGraph } from '../../../../../domain/flow/flowGraph.js';
import { Badge, Button, Card, Tabs, useLoad, useToast } from '../../../ui/index.js';
import { useUnsavedChanges } from '../../../shell/unsavedChanges.js';
import { DraftPreview } from './DraftPreview.js';
import { flowApi } from './flowApi.js';
import { type FlowProblem, humanProblem } from './flowProblems.js';
import { FlowMap } from './FlowMap.js';
import { FlowVersions } from './FlowVersions.js';
import { GraphEditor } from './GraphEditor.js';
import { draftToSend, stepField } from './graphEditing.js';
import { unpublishedChanges } from './draftStatus.js';
import { WhatIfReport } from './WhatIfReport.js';
import './graph.css';

type View = 'steps' | 'preview' | 'versions' | 'whatif';
const VIEWS: { key: View; label: string }[] = [
  { key: 'steps', label: 'Steps' },
  { key: 'preview', label: 'Preview' },
  { key: 'versions', label: 'Versions' },
  { key: 'whatif', label: 'What-if' },
];

export function BranchingFlowPanel({
  chatbotId,
  botName,
  saved,
  unsavedFromStart = false,
  onDraftSaved,
  onDiscardSwitch,
}: {
  chatbotId: string;
  botName: string;
  /** The draft as stored (or, switched from a list, the list as a chain not saved yet). */
  saved: FlowGraph;
  unsavedFromStart?: boolean;
  onDraftSaved: (graph: FlowGraph) => void;
  /** Given when the graph came from a list not saved yet: discarding goes back to the list. */
  onDiscardSwitch?: () => void;
}) {
  const notify = useToast();
  const [graph, setGraph] = useState<FlowGraph>(saved);
  const [dirty, setDirty] = useState(unsavedFromStart);
  const [view, setView] = useState<View>('steps');
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [problem, setProblem] = useState<FlowProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<Map<string, string>>(new Map());
  const [published, setPublished] = useState(0);
  const versions = useLoad(() => flowApi.versions(chatbotId), [chatbotId, published]);
  const live = versions.data?.data[0]?.version;
  const liveFlow = useLoad(
    () => (live === undefined ? Promise.resolve(null) : flowApi.version(chatbotId, live)),
    [chatbotId, live],
  );
  const pending = liveFlow.data ? unpublishedChanges(liveFlow.data.data.flow, graph) : null;

  useUnsavedChanges(dirty, 'the flow');

  const change = (next: FlowGraph) => {
    // The refused step's mark stays until that step is edited: the author may look around first.
    const at = problem?.stepId;
    const stepOf = (g: FlowGraph) => JSON.stringify(g.steps.find((s) => s.id === at));
    if (at && stepOf(next) !== stepOf(graph)) setProblem(null);
    setGraph(next);
    setDirty(true);
    setFailure(null);
  };

  /** Saves the draft: how many steps it warns about, or false (the problem shown where it belongs). */
  const save = async (): Promise<number | false> => {
    setFailure(null);
    try {
      const answer = await flowApi.saveDraft(chatbotId, draftToSend(graph));
      setProblem(null);
      setDirty(false);
      setWarnings(
        new Map(
          (answer.warnings ?? []).map((w) => [w.stepId, 'No way leads here from the start: this step never runs.']),
        ),
      );
      onDraftSaved(graph);
      return answer.warnings?.length ?? 0;
    } catch (err) {
      const e = err as ApiError;
      if (e instanceof ApiError && e.code === 'INVALID_FLOW') {
        const field = e.stepId ? stepField(e.field) : (e.field ?? '');
        setProblem({ stepId: e.stepId ?? null, field, message: humanProblem(e.message, field) });
        if (e.stepId) setView('steps');
        else setFailure(humanProblem(e.message, field));
      } else setFailure(e.message);
      return false;
    }
  };

  const saveClicked = async () => {
    setBusy('save');
    const warned = await save();
    setBusy(null);
    if (warned !== false) notify(warned ? 'Draft saved, with warnings on some steps' : 'Draft saved');
  };

  const publish = async () => {
    setBusy('publish');
    try {
      if (dirty && (await save()) === false) return;
      const p = (await flowApi.publish(chatbotId)).data;
      setPublished((n) => n + 1);
      notify(`Version ${p.version} published: new conversations start on it`);
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setBusy(null);
    }
  };

  const discard = () => {
    if (onDiscardSwitch) return onDiscardSwitch();
    setGraph(saved);
    setDirty(false);
    setProblem(null);
    setFailure(null);
  };

  const status = dirty ? <Badge tone="warning">Unsaved changes</Badge> : <Badge>Draft saved</Badge>;
  return (
    <Card
      class="flow-card"
      title={
        <span class="row flow-title">
          Conversation flow {status}
          {live !== undefined ? (
            <Badge tone="success">Live: version {live}</Badge>
          ) : (
            versions.data && <Badge>Not published yet</Badge>
          )}
          {pending !== null && (
            <Badge tone={pending ? 'info' : 'neutral'}>
              {pending === 0 ? 'Same as live' : `${pending} unpublished ${pending === 1 ? 'change' : 'changes'}`}
            </Badge>
          )}
        </span>
      }
      description="Edit the draft, try it in the preview, then publish it. Conversations already under way finish on the version they started on."
      actions={
        <>
          {dirty && (
            <Button size="sm" variant="ghost" onClick={discard}>
              Discard changes
            </Button>
          )}
          <Button
            size="sm"
            busy={busy === 'save'}
            disabled={!dirty || busy !== null}
            onClick={() => void saveClicked()}
          >
            Save draft
          </Button>
          <Button
            size="sm"
            variant="primary"
            busy={busy === 'publish'}
            disabled={busy !== null}
            onClick={() => void publish()}
          >
            Publish
          </Button>
        </>
      }
    >
      {failure && (
        <p class="callout callout-danger flow-failure" role="alert">
          {failure}
        </p>
      )}
      {problem?.stepId && (
        <p class="callout callout-danger flow-failure" role="status">
          The draft was not saved: step <code>{problem.stepId}</code> needs a fix (marked below).
        </p>
      )}
      <Tabs label="Flow views" tabs={VIEWS} active={view} onChange={setView}>
        <div hidden={view !== 'steps'} class="flow-steps-layout">
          <GraphEditor graph={graph} onChange={change} problem={problem} warnings={warnings} />
          <FlowMap graph={graph} />
        </div>
        {view === 'preview' && (
          <div class="flow-preview-view">
            <p class="muted">
              {dirty ? 'Your unsaved draft' : 'The saved draft'}, run in the page. Nothing is sent to visitors or
              stored.
            </p>
            <DraftPreview key={JSON.stringify(graph)} graph={draftToSend(graph)} botName={botName} />
          </div>
        )}
        {view === 'versions' && (
          <FlowVersions chatbotId={chatbotId} refresh={published} onPublished={() => setPublished((n) => n + 1)} />
        )}
        {view === 'whatif' && (
          <WhatIfReport chatbotId={chatbotId} beforeRun={async () => !dirty || (await save()) !== false} />
        )}
      </Tabs>
    </Card>
  );
}
