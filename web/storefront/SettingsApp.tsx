/** @jsxImportSource react */
/**
 * The Confab app inside the BigCommerce control panel: the Chatbot ID (a bare id, the embed
 * snippet or a dashboard address; the server extracts the id) and the switch that puts the chat
 * on the storefront, and a notice when the chat is not on every storefront (LoaderNotice). BigDesign
 * components, so it looks like the rest of the control panel.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Flex,
  Form,
  FormGroup,
  H1,
  InlineMessage,
  Link,
  Panel,
  Small,
  Switch,
  Text,
  Textarea,
} from '@bigcommerce/big-design';
import { ChatbotFound } from './ChatbotFound.js';
import { LoaderNotice } from './LoaderNotice.js';
import type { ChatbotStatus, LoaderCoverage, PageData, SettingsApi } from './settingsApi.js';

const LOOKUP_DELAY_MS = 300;

type Feedback = { type: 'success' | 'error'; text: string } | null;

export function SettingsApp({ page, api }: { page: PageData; api: SettingsApi }) {
  const [loaded, setLoaded] = useState(false);
  const [input, setInput] = useState('');
  const [enabled, setEnabled] = useState(false);
  const [found, setFound] = useState<{ chatbotId: string | null; chatbot: ChatbotStatus | null }>({
    chatbotId: null,
    chatbot: null,
  });
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [loader, setLoader] = useState<LoaderCoverage | null>(null);
  const lookupSeq = useRef(0);

  useEffect(() => {
    api.read().then(
      (s) => {
        setInput(s.chatbotId ?? '');
        setEnabled(s.enabled);
        setFound({ chatbotId: s.chatbotId, chatbot: s.chatbot });
        setLoader(s.loader);
        setLoaded(true);
      },
      (err: Error) => {
        setFeedback({ type: 'error', text: err.message });
        setLoaded(true);
      },
    );
  }, [api]);

  function onInput(value: string) {
    setInput(value);
    setFeedback(null);
    const seq = ++lookupSeq.current;
    if (!value.trim()) return setFound({ chatbotId: null, chatbot: null });
    setChecking(true);
    setTimeout(() => {
      if (seq !== lookupSeq.current) return;
      api.lookup(value).then(
        (r) => seq === lookupSeq.current && (setFound(r), setChecking(false)),
        () => seq === lookupSeq.current && (setFound({ chatbotId: null, chatbot: null }), setChecking(false)),
      );
    }, LOOKUP_DELAY_MS);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setFeedback(null);
    try {
      const saved = await api.save(input, enabled);
      setInput(saved.chatbotId ?? '');
      setFound({ chatbotId: saved.chatbotId, chatbot: saved.chatbot });
      setLoader(saved.loader);
      setFeedback({
        type: 'success',
        text: saved.enabled
          ? 'Saved. The chat widget is live on your storefront within a minute.'
          : 'Saved. The chat widget is switched off.',
      });
    } catch (err) {
      setFeedback({ type: 'error', text: (err as Error).message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box as="main" padding={{ mobile: 'medium', tablet: 'xLarge' }} style={{ maxWidth: 880, margin: '0 auto' }}>
      <Box marginBottom="large">
        <H1 marginBottom="xSmall">Confab chat widget</H1>
        <Text color="secondary60">Answer shoppers on every page of your store with your Confab chatbot.</Text>
      </Box>
      <LoaderNotice coverage={loader} />
      <Form onSubmit={onSubmit} fullWidth>
        <Panel header="Chatbot" description="Choose which Confab chatbot greets shoppers on this store.">
          <FormGroup>
            <Textarea
              label="Chatbot ID"
              description="Paste the chatbot’s 24-character ID, its embed snippet, or its address in the Confab dashboard."
              rows={3}
              value={input}
              disabled={!loaded}
              onChange={(e) => onInput(e.target.value)}
              placeholder="e.g. 65f1c0ffee0123456789abcd"
            />
          </FormGroup>
          <Box marginBottom="medium" aria-live="polite">
            <ChatbotFound input={input} chatbotId={found.chatbotId} chatbot={found.chatbot} checking={checking} />
          </Box>
          <Flex alignItems="center" flexDirection="row">
            {/* BigDesign draws the switch with a second, aria-hidden label: name it by the visible text. */}
            <Switch
              id="confab-enabled"
              role="switch"
              checked={enabled}
              disabled={!loaded}
              onChange={() => setEnabled((v) => !v)}
              aria-labelledby="confab-enabled-label"
              aria-describedby="confab-enabled-help"
            />
            <Box marginLeft="small">
              <label htmlFor="confab-enabled" id="confab-enabled-label">
                <Text as="span" bold>
                  Show the chat on my storefront
                </Text>
              </label>
              <Small id="confab-enabled-help" marginBottom="none">
                The widget loads only when a chatbot is set and this is on.
              </Small>
            </Box>
          </Flex>
        </Panel>
        {feedback ? (
          <Box marginBottom="medium">
            <InlineMessage
              type={feedback.type}
              messages={[{ text: feedback.text }]}
              onClose={() => setFeedback(null)}
            />
          </Box>
        ) : null}
        <Flex justifyContent="space-between" alignItems="center" flexDirection="row" flexWrap="wrap" flexGap="0.75rem">
          <Small marginBottom="none">
            Store {page.storeHash} ·{' '}
            <Link href={page.dashboardUrl} target="_blank" external>
              Open the Confab dashboard
            </Link>
          </Small>
          <Button type="submit" isLoading={saving} disabled={!loaded}>
            Save
          </Button>
        </Flex>
      </Form>
    </Box>
  );
}
