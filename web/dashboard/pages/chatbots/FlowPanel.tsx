/**
 * The Flow tab. A list flow: the editor beside its live preview, saved as one PUT with the
 * server's verdict, and an offer to switch to branching (the list becomes a chain of steps). A
 * branching flow: the graph editor, which saves drafts and publishes through the flow endpoints;
 * the list editor never sees a graph, so a list is never saved over one.
 */
import { useMemo, useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { Button, Card, useToast } from '../../ui/index.js';
import { useUnsavedChanges } from '../../shell/unsavedChanges.js';
import { chatbotApi, listFormOf, type ChatbotDetail, type Flow } from './chatbotApi.js';
import { FlowEditor } from './FlowEditor.js';
import { FlowPreview } from './FlowPreview.js';
import { isGraphFlow } from './flowGraph.js';
import { BranchingFlowPanel } from './graph/BranchingFlowPanel.js';
import { listToGraph } from '../../../../domain/flow/listFlow.js';
import type { FlowGraph } from '../../../../domain/flow/flowGraph.js';
import type { Flow as ListFlow } from '../../../../domain/chatbot/flow.js';
import { checkSteps, humanServerError, stepOfServerError, toFlow, withKeys, type EditableStep } from './flowRules.js';

interface FlowPanelProps {
  detail: ChatbotDetail;
  onSaved: (d: ChatbotDetail) => void;
}

export function FlowPanel(props: FlowPanelProps) {
  const { detail, onSaved } = props;
  const flow = detail.data.flow;
  // A list switched to branching: a chain not saved yet (the list stays stored until it is).
  const [switched, setSwitched] = useState<FlowGraph | null>(null);
  const onDraftSaved = (graph: FlowGraph) => {
    setSwitched(null);
    onSaved({ ...detail, data: { ...detail.data, flow: graph as unknown as typeof flow } });
  };
  if (isGraphFlow(flow) || switched) {
    return (
      // No key: the first save of a switched list must not remount the editor (its view, its warnings).
      <BranchingFlowPanel
        chatbotId={detail.data.id}
        botName={detail.data.name}
        saved={switched ?? (flow as unknown as FlowGraph)}
        unsavedFromStart={switched !== null}
        onDraftSaved={onDraftSaved}
        onDiscardSwitch={switched ? () => setSwitched(null) : undefined}
      />
    );
  }
  return <ListFlowPanel {...props} onSwitch={(list) => setSwitched(listToGraph(list as ListFlow))} />;
}

function ListFlowPanel({ detail, onSaved, onSwitch }: FlowPanelProps & { onSwitch: (list: Flow) => void }) {
  const notify = useToast();
  const [steps, setSteps] = useState<EditableStep[]>(() => withKeys(listFormOf(detail.data.flow)));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useUnsavedChanges(dirty, 'the flow');

  const issues = useMemo(() => {
    const found = checkSteps(steps);
    const at = serverError ? stepOfServerError(serverError) : null;
    if (serverError && at !== null)
      found.set(at, [...(found.get(at) ?? []), { level: 'error', message: humanServerError(serverError) }]);
    return found;
  }, [steps, serverError]);
  const blocking = [...issues.values()].some((xs) => xs.some((x) => x.level === 'error'));

  const change = (next: EditableStep[]) => {
    setSteps(next);
    setDirty(true);
    setServerError(null);
  };

  const save = async () => {
    setSaving(true);
    setServerError(null);
    try {
      const saved = await chatbotApi.update(detail.data.id, { flow: toFlow(steps) });
      setDirty(false);
      onSaved(saved);
      notify('Flow saved');
    } catch (err) {
      setServerError((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  const reset = () => {
    setSteps(withKeys(listFormOf(detail.data.flow)));
    setDirty(false);
    setServerError(null);
  };

  return (
    <div class="grid grid-main-side">
      <Card
        title="Conversation steps"
        description="The bot goes through these steps in order. Questions wait for the visitor's answer."
        actions={
          <>
            {dirty && (
              <Button size="sm" variant="ghost" onClick={reset}>
                Discard changes
              </Button>
            )}
            <Button size="sm" disabled={blocking} onClick={() => onSwitch(toFlow(steps))}>
              Switch to branching
            </Button>
            <Button size="sm" variant="primary" busy={saving} disabled={!dirty || blocking} onClick={() => void save()}>
              Save flow
            </Button>
          </>
        }
      >
        {serverError && stepOfServerError(serverError) === null && (
          <p class="callout callout-danger" role="alert" style={{ marginBottom: '14px' }}>
            {serverError}
          </p>
        )}
        {blocking && dirty && (
          <p class="field-error" style={{ marginBottom: '12px' }}>
            Fix the steps marked in red to save.
          </p>
        )}
        <FlowEditor steps={steps} onChange={change} issues={issues} />
      </Card>
      <Card title="Preview" description={dirty ? 'Unsaved changes' : 'What a visitor sees'} padded={false}>
        <FlowPreview steps={steps} botName={detail.data.name} />
      </Card>
    </div>
  );
}
