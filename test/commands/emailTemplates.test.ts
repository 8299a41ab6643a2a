import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  emailChangeCodeToCurrent,
  emailChangeCodeToNew,
  emailChangedNotice,
  escapeHtml,
  inviteMail,
} from '../../commands/emailTemplates.js';

const evil = `<script>alert("x")</script> & 'Co'`;

test('escapeHtml escapes the five HTML-significant characters', () => {
  assert.is(
    escapeHtml(`<a href="x">Tom & 'Jerry'</a>`),
    '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
  );
});

test('code to the current address: code, new address, workspace and Confab in both parts', () => {
  const mail = emailChangeCodeToCurrent({
    workspaceName: 'Acme',
    code: '482913',
    newEmail: 'new@example.org',
    minutes: 10,
  });
  for (const part of [mail.text, mail.html]) {
    assert.ok(part.includes('482913'), 'code');
    assert.ok(part.includes('new@example.org'), 'new address');
    assert.ok(part.includes('Acme'), 'workspace');
    assert.ok(part.includes('Confab'), 'brand');
    assert.ok(part.includes('10 minutes'), 'expiry');
  }
  assert.match(mail.subject, /Confab/);
  assert.match(mail.subject, /Acme/);
  // The code is not put in the subject, where lock screens and previews would show it.
  assert.not.match(mail.subject, /482913/);
  assert.match(mail.html, /^<!DOCTYPE html>/);
  assert.match(mail.html, /<html lang="en">/);
  assert.not.match(mail.html, /<img|<a /i);
});

test('code to the new address: code, workspace and expiry in both parts', () => {
  const mail = emailChangeCodeToNew({ workspaceName: 'Acme', code: '105577', minutes: 1 });
  for (const part of [mail.text, mail.html]) {
    assert.ok(part.includes('105577'));
    assert.ok(part.includes('Acme'));
    assert.ok(part.includes('Confab'));
    assert.ok(part.includes('1 minute.'), 'singular minute');
  }
  assert.not.match(mail.subject, /105577/);
});

test('changed notice: new address and a fixed UTC time in both parts', () => {
  const mail = emailChangedNotice({
    workspaceName: 'Acme',
    newEmail: 'new@example.org',
    changedAt: new Date('2024-06-15T12:34:56Z'),
  });
  for (const part of [mail.text, mail.html]) {
    assert.ok(part.includes('new@example.org'));
    assert.ok(part.includes('2024-06-15 12:34 UTC'));
    assert.ok(part.includes('Acme'));
  }
  const fromString = emailChangedNotice({
    workspaceName: 'Acme',
    newEmail: 'new@example.org',
    changedAt: '2024-06-15T12:34:56Z',
  });
  assert.is(fromString.html, mail.html);
});

test('every interpolated value is HTML-escaped', () => {
  const mails = [
    emailChangeCodeToCurrent({
      workspaceName: evil,
      code: '<b>1</b>',
      newEmail: 'x"><img src=y>@example.org',
      minutes: 10,
    }),
    emailChangeCodeToNew({ workspaceName: evil, code: '<b>1</b>', minutes: 10 }),
    emailChangedNotice({ workspaceName: evil, newEmail: 'x"><img src=y>@example.org', changedAt: new Date(0) }),
  ];
  for (const mail of mails) {
    assert.not.ok(mail.html.includes('<script>'), 'raw script tag');
    assert.not.ok(mail.html.includes('<b>1</b>'), 'raw code markup');
    assert.not.ok(mail.html.includes('<img'), 'raw img');
    assert.ok(
      mail.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;'),
      'escaped workspace',
    );
    // The text part is plain text: values appear verbatim there.
    assert.ok(mail.text.includes(evil));
  }
  assert.ok(mails[0]!.html.includes('&lt;b&gt;1&lt;/b&gt;'));
});

test('subjects stay on one line whatever the workspace is called', () => {
  const mail = emailChangeCodeToNew({ workspaceName: 'Acme\r\nBcc: victim@example.com', code: '123456', minutes: 10 });
  assert.not.match(mail.subject, /[\r\n]/);
  assert.ok(mail.subject.includes('Acme Bcc: victim@example.com'));
});

test('invite: the subject names only the workspace; names the sender chose are one line, without bidi controls, cut at 60 characters', () => {
  const mail = inviteMail({
    workspaceName: `Acme\u202e\n${'w'.repeat(100)}`,
    inviterName: 'Your bank: verify your account at https://evil.example now or lose access',
    role: 'member',
    link: 'https://acme.example/invite?token=t',
    days: 7,
  });
  assert.not.match(mail.subject, /bank/);
  assert.not.match(mail.subject, /[\u202e\n]/);
  assert.match(mail.subject, /^Invitation to the workspace "Acme w+…" on Confab$/);
  assert.is(/"([^"]*)"/.exec(mail.subject)?.[1].length, 60);
  assert.ok(mail.text.includes('"Your bank: verify your account at https://evil.example now…" invited you'));
  assert.not.ok(mail.text.includes('lose access'));
  assert.ok(mail.text.includes('https://acme.example/invite?token=t'));
});

test.run();
