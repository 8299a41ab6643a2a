import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  agentAnalyticsOf,
  emptyAgentDay,
  MAX_REASONS_PER_DAY,
  reasonKey,
  withAnswer,
  withConversation,
  withOutcome,
  withUnansweredQuestion,
} from '../../../domain/agent/agentDayStats.js';
import { bucketValue, latencyBucket } from '../../../domain/agent/latencyHistogram.js';

const answer = (latencyMs: number, citedSources = 0) => ({ tokensIn: 100, tokensOut: 10, latencyMs, citedSources });

test('outcomes count by resolution; escalations by reason, unspecified when none', () => {
  let day = withConversation(withConversation(withConversation(emptyAgentDay())));
  day = withOutcome(day, 'resolved', null);
  day = withOutcome(day, 'escalated', 'low_confidence');
  day = withOutcome(day, 'escalated', null);
  day = withOutcome(day, 'ended', 'ignored');
  assert.equal([day.conversations, day.resolved, day.escalated, day.ended], [3, 1, 2, 1]);
  assert.equal(day.handoffReasons, { low_confidence: 1, unspecified: 1 });
});

test("a visitor's own words count as other, as do new codes past the day's limit; inherited names are plain keys", () => {
  let day = emptyAgentDay();
  for (const reason of ['I want a human!', 'constructor', 'constructor', '__proto__', 'x'.repeat(41)])
    day = withOutcome(day, 'escalated', reason);
  assert.equal(day.handoffReasons, { other: 3, constructor: 2 });
  assert.is(Object.getPrototypeOf(day.handoffReasons), Object.prototype);
  for (let i = 0; i < MAX_REASONS_PER_DAY + 5; i++) day = withOutcome(day, 'escalated', `code_${i}`);
  assert.is(Object.keys(day.handoffReasons).length, MAX_REASONS_PER_DAY, 'no new name past the limit');
  assert.is(day.handoffReasons.other, 3 + 7);
  assert.is(reasonKey(day.handoffReasons, 'code_1'), 'code_1', 'a code already counted keeps its name');
  assert.equal(agentAnalyticsOf(['2026-03-02'], new Map([['2026-03-02', day]])).handoffReasons.constructor, 2);
});

test('the period sums its days, lists every day with zeros, and reads percentiles from the summed histograms', () => {
  let monday = withConversation(emptyAgentDay());
  monday = withAnswer(withAnswer(monday, answer(1000, 2)), answer(1100));
  monday = withOutcome(monday, 'escalated', 'visitor_request');
  let wednesday = withUnansweredQuestion(withConversation(emptyAgentDay()));
  wednesday = withAnswer(wednesday, answer(9000, 1));
  wednesday = withOutcome(wednesday, 'escalated', 'visitor_request');
  const report = agentAnalyticsOf(
    ['2026-03-02', '2026-03-03', '2026-03-04'],
    new Map([
      ['2026-03-02', monday],
      ['2026-03-04', wednesday],
      ['2026-03-09', withConversation(emptyAgentDay())],
    ]),
  );
  assert.equal([report.conversations, report.escalated, report.answers, report.answersWithSource], [2, 2, 3, 2]);
  assert.equal(report.handoffReasons, { visitor_request: 2 });
  assert.is(report.sourcedShare, 2 / 3);
  assert.is(report.unansweredQuestions, 1);
  assert.equal(report.tokens, { in: 300, out: 30 });
  assert.equal(report.latencyMs, { p50: bucketValue(latencyBucket(1100)), p95: bucketValue(latencyBucket(9000)) });
  assert.equal(report.days, [
    { date: '2026-03-02', conversations: 1, answers: 2, tokens: 220 },
    { date: '2026-03-03', conversations: 0, answers: 0, tokens: 0 },
    { date: '2026-03-04', conversations: 1, answers: 1, tokens: 110 },
  ]);
});

test('a period without answers has no share and no percentiles', () => {
  const report = agentAnalyticsOf(['2026-03-02'], new Map());
  assert.equal([report.sourcedShare, report.latencyMs], [null, { p50: null, p95: null }]);
  assert.equal(report.handoffReasons, {});
});

test.run();
