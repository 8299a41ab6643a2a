/** @jsxImportSource react */
/**
 * Tells the merchant when the chat is not on every storefront, from the last check of the loader
 * scripts (`loader` of /api/settings): which storefronts go without it and why (the app's limit
 * of ten scripts per store, BigCommerce refusing the script because a platform limit was
 * reached, or no permission to see the other storefronts). Not an error: the chat works where
 * it is, and the merchant decides whether to act, so it is drawn like BigDesign's info message
 * (a raised white card, blue edge) but as a labelled section rather than an alert that
 * interrupts a screen reader. Nothing is shown when every storefront has it, or before the first
 * check.
 */
import type { ReactNode } from 'react';
import { Box, Flex, H4, Small } from '@bigcommerce/big-design';
import { theme } from '@bigcommerce/big-design-theme';
import { MAX_SCRIPTS_PER_APP } from '../../domain/storefront/loaderScriptPlan.js';
import type { LoaderCoverage } from './settingsApi.js';

const EDGE = { borderLeft: `${theme.spacing.xxSmall} solid ${theme.colors.primary60}` };

/** Material Design's "info" glyph, the icon BigDesign's info messages show. */
function InfoGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none', marginRight: theme.spacing.small }}
    >
      <path
        fill={theme.colors.primary60}
        d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z"
      />
    </svg>
  );
}

/** "11", "11 and 12", "11, 12 and 13". */
function idList(ids: number[]): string {
  return ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
}

function Notice({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      data-testid={id}
      backgroundColor="white"
      shadow="raised"
      padding="medium"
      marginBottom="medium"
      style={EDGE}
    >
      <Flex flexDirection="row" alignItems="flex-start">
        <InfoGlyph />
        <Box>
          <H4 as="h2" id={id} marginBottom="xxSmall">
            {title}
          </H4>
          {children}
        </Box>
      </Flex>
    </Box>
  );
}

/** "The chat is on 10 of your 12 storefronts"; "isn't on any of" when it is on none. */
function coverageTitle(covered: number, total: number): string {
  if (covered > 0) return `The chat is on ${covered} of your ${total} storefronts`;
  return total === 1 ? 'The chat isn’t on your storefront' : `The chat isn’t on any of your ${total} storefronts`;
}

/** "the storefront with channel ID 11", "the storefronts with channel IDs 11 and 12". */
const storefronts = (ids: number[]) =>
  ids.length === 1 ? `the storefront with channel ID ${ids[0]}` : `the storefronts with channel IDs ${idList(ids)}`;

/** Why each storefront without the chat goes without it: the notice's paragraphs. */
function missingReasons({ channels, leftOut, refusedByPlatform: refused }: LoaderCoverage): string[] {
  const lines: string[] = [];
  if (leftOut.length > 0) {
    lines.push(
      `BigCommerce lets one app place at most ${MAX_SCRIPTS_PER_APP} scripts on a store, so ${storefronts(leftOut)} ${leftOut.length === 1 ? 'doesn’t' : 'don’t'} show the chat.`,
    );
    lines.push(
      'Confab serves the storefronts with the lowest channel IDs first. If you archive one of them, the next storefront gets the chat the next time you open Confab.',
    );
  }
  if (refused.length > 0) {
    lines.push(
      `BigCommerce refused to add the chat to ${storefronts(refused)}. It does that when a storefront reaches one of its limits, such as the 50 scripts a storefront can hold.`,
    );
    lines.push(
      `To make room, remove scripts you no longer need in ${refused.length === 1 ? 'that storefront’s' : 'those storefronts’'} Script Manager, then open Confab again: it tries again each time you open it.` +
        (channels.length > 0 ? ' Your other storefronts keep the chat.' : ''),
    );
  }
  return lines;
}

export function LoaderNotice({ coverage }: { coverage: LoaderCoverage | null }) {
  if (!coverage) return null;
  const { channels, leftOut, refusedByPlatform, channelsRead } = coverage;
  const missing = leftOut.length + refusedByPlatform.length;
  const reasons = missingReasons(coverage);
  return (
    <>
      {missing > 0 ? (
        <Notice id="loader-missing" title={coverageTitle(channels.length, channels.length + missing)}>
          {reasons.map((line, i) => (
            <Small key={i} color="secondary70" marginBottom={i === reasons.length - 1 ? 'none' : 'xSmall'}>
              {line}
            </Small>
          ))}
        </Notice>
      ) : null}
      {!channelsRead && channels.length > 0 ? (
        <Notice id="loader-default-only" title="The chat is only on your default storefront">
          <Small color="secondary70" marginBottom="xSmall">
            Confab doesn’t have permission to see your other storefronts (Channel Settings, read-only), so it placed the
            chat on your default storefront only. If you sell on just one storefront, there is nothing to do.
          </Small>
          <Small color="secondary70" marginBottom="none">
            To add the chat to your other storefronts, accept Confab’s updated permissions: BigCommerce asks you to
            approve them when you open Confab from Apps › My Apps. Once you accept, the chat goes on every storefront.
            If BigCommerce doesn’t ask, contact Confab support.
          </Small>
        </Notice>
      ) : null}
    </>
  );
}
