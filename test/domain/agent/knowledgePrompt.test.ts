import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { knowledgeGuidance, searchQueryOf } from '../../../domain/agent/knowledgePrompt.js';

const user = (message: string) => ({ type: 'user' as const, message, at: '' });
const bot = (message: string) => ({ type: 'bot' as const, message, at: '' });

test("the first search uses the visitor's newest message, with the one before for a short follow-up", () => {
  assert.is(searchQueryOf([user('How long do refunds take?')]), 'How long do refunds take?');
  assert.is(
    searchQueryOf([user('How long do refunds take?'), bot('Five days [1].'), user('and exchanges?')]),
    'How long do refunds take? and exchanges?',
  );
  assert.is(
    searchQueryOf([user('Hi'), bot('Hello!'), user('What is the warranty on kettles?')]),
    'What is the warranty on kettles?',
  );
});

test('answering only from knowledge adds the rule not to guess', () => {
  assert.match(knowledgeGuidance(false), /cite its number/);
  assert.not.match(knowledgeGuidance(false), /do not guess/);
  assert.match(knowledgeGuidance(true), /do not guess/);
  assert.match(knowledgeGuidance(true), /low_confidence/);
});

test.run();
