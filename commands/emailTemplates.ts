/**
 * Mails of the account email-change flow and of sign-in (codes, links, invites, signup).
 * Pure: values in, {subject, text, html} out. The text and HTML parts say the same thing,
 * so a reader on a plain-text client or a screen reader misses nothing. No images, no
 * tracking. Email-change codes are typed into the API client (no links); sign-in links
 * open a page on the workspace's own login host, where a button (not the GET) uses them.
 */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function emailChangeCodeToCurrent(input: {
  workspaceName: string;
  code: string;
  newEmail: string;
  minutes: number;
}): RenderedEmail {
  const subject = `Confirm the email change for your Confab account (${headerSafe(input.workspaceName)})`;
  const intro = `Someone asked to change the email address of the Confab account that owns the workspace "${input.workspaceName}" to ${input.newEmail}.`;
  const step = `To confirm it is you, enter this code. It expires in ${minutesText(input.minutes)}.`;
  const after = `Once confirmed, a second code goes to ${input.newEmail} to finish the change.`;
  const warning =
    'If you did not ask for this, do not share the code: your address stays unchanged. ' +
    'The request was made with one of your workspace API keys, so consider revoking your keys.';
  return {
    subject,
    text: [intro, '', step, '', `    ${input.code}`, '', after, '', warning, '', signature(input.workspaceName)].join(
      '\n',
    ),
    html: layout(subject, [
      paragraph(intro),
      paragraph(step),
      codeBlock(input.code),
      paragraph(after),
      paragraph(warning),
      paragraph(signature(input.workspaceName)),
    ]),
  };
}

export function emailChangeCodeToNew(input: { workspaceName: string; code: string; minutes: number }): RenderedEmail {
  const subject = `Confirm your new email address for Confab (${headerSafe(input.workspaceName)})`;
  const intro = `This address is being set as the new email of the Confab account that owns the workspace "${input.workspaceName}".`;
  const step = `To finish the change, enter this code. It expires in ${minutesText(input.minutes)}.`;
  const warning = 'If you did not expect this, ignore this email; nothing changes without the code.';
  return {
    subject,
    text: [intro, '', step, '', `    ${input.code}`, '', warning, '', signature(input.workspaceName)].join('\n'),
    html: layout(subject, [
      paragraph(intro),
      paragraph(step),
      codeBlock(input.code),
      paragraph(warning),
      paragraph(signature(input.workspaceName)),
    ]),
  };
}

export function emailChangedNotice(input: {
  workspaceName: string;
  newEmail: string;
  changedAt: Date | string;
}): RenderedEmail {
  const subject = `Your Confab account email was changed (${headerSafe(input.workspaceName)})`;
  const when = formatInstant(input.changedAt);
  const intro = `The email address of the Confab account that owns the workspace "${input.workspaceName}" was changed to ${input.newEmail} on ${when}.`;
  const note = 'Mail about this account now goes to the new address; this is the last message sent here.';
  const warning =
    'If you did not make this change, contact Confab support right away and revoke the workspace API keys.';
  return {
    subject,
    text: [intro, '', note, '', warning, '', signature(input.workspaceName)].join('\n'),
    html: layout(subject, [
      paragraph(intro),
      paragraph(note),
      paragraph(warning),
      paragraph(signature(input.workspaceName)),
    ]),
  };
}

export function signInCode(input: { workspaceName: string; code: string; minutes: number }): RenderedEmail {
  const subject = `Your Confab sign-in code: ${input.code}`;
  const intro = `Use this code to sign in to the workspace "${input.workspaceName}". It expires in ${minutesText(input.minutes)}.`;
  const warning = 'If you did not try to sign in, ignore this email: nobody gets in without the code.';
  return {
    subject,
    text: [intro, '', `    ${input.code}`, '', warning, '', signature(input.workspaceName)].join('\n'),
    html: layout(subject, [
      paragraph(intro),
      codeBlock(input.code),
      paragraph(warning),
      paragraph(signature(input.workspaceName)),
    ]),
  };
}

export function magicLinkMail(input: { workspaceName: string; link: string; minutes: number }): RenderedEmail {
  const subject = `Sign in to ${headerSafe(input.workspaceName)} on Confab`;
  const intro = `Open this link to sign in to the workspace "${input.workspaceName}". It works once and expires in ${minutesText(input.minutes)}.`;
  const warning = 'If you did not ask for this link, ignore this email.';
  return {
    subject,
    text: [intro, '', input.link, '', warning, '', signature(input.workspaceName)].join('\n'),
    html: layout(subject, [
      paragraph(intro),
      linkButton(input.link, 'Sign in'),
      paragraph(warning),
      paragraph(signature(input.workspaceName)),
    ]),
  };
}

export function inviteMail(input: {
  workspaceName: string;
  inviterName: string;
  role: string;
  link: string;
  days: number;
}): RenderedEmail {
  // The inviter's name and the workspace's are whatever the sender typed: the subject, the line
  // a mailbox shows first, carries only the workspace's, both are cut short and quoted as names.
  const workspace = shownName(input.workspaceName);
  const subject = `Invitation to the workspace "${workspace}" on Confab`;
  const intro = `"${shownName(input.inviterName)}" invited you to join the workspace "${workspace}" as ${input.role === 'admin' ? 'an admin' : 'a member'}.`;
  const step = `Open this link to accept. It works once and expires in ${input.days} days.`;
  const warning = 'If you did not expect this invitation, ignore this email.';
  return {
    subject,
    text: [intro, '', step, '', input.link, '', warning, '', signature(input.workspaceName)].join('\n'),
    html: layout(subject, [
      paragraph(intro),
      paragraph(step),
      linkButton(input.link, 'Accept the invitation'),
      paragraph(warning),
      paragraph(signature(input.workspaceName)),
    ]),
  };
}

export function signupConfirmMail(input: { workspaceName: string; link: string; hours: number }): RenderedEmail {
  const subject = 'Confirm your email to create your Confab workspace';
  const intro = `Open this link to confirm your address and create the workspace "${input.workspaceName}". It expires in ${input.hours} hours.`;
  const warning = 'If you did not sign up for Confab, ignore this email: nothing is created without the link.';
  return {
    subject,
    text: [intro, '', input.link, '', warning, '', 'Confab'].join('\n'),
    html: layout(subject, [
      paragraph(intro),
      linkButton(input.link, 'Confirm and create the workspace'),
      paragraph(warning),
      paragraph('Confab'),
    ]),
  };
}

export function signupExistingAccountMail(input: { loginUrl: string }): RenderedEmail {
  const subject = 'You already have a Confab account';
  const intro = 'Someone tried to sign up for Confab with this address, which already has an account.';
  const step =
    'To sign in, open the sign-in page; you can have a code or a link mailed to you there if you do not know your password.';
  return {
    subject,
    text: [intro, '', step, '', input.loginUrl, '', 'Confab'].join('\n'),
    html: layout(subject, [
      paragraph(intro),
      paragraph(step),
      linkButton(input.loginUrl, 'Sign in'),
      paragraph('Confab'),
    ]),
  };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function layout(title: string, blocks: string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto">',
    ...blocks,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function paragraph(text: string): string {
  return `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
}

// Large and monospaced so each digit is easy to tell apart when typing it back.
function codeBlock(code: string): string {
  return (
    `<p style="margin:0 0 16px;font-family:'Courier New',Courier,monospace;font-size:28px;font-weight:bold;letter-spacing:6px">` +
    `${escapeHtml(code)}</p>`
  );
}

// A plain link styled as a button, with the address spelled out for clients that hide links.
function linkButton(href: string, label: string): string {
  return (
    `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#2457d6;color:#ffffff;` +
    `text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(href)}</p>`
  );
}

function signature(workspaceName: string): string {
  return `Confab, for the workspace "${workspaceName}"`;
}

function minutesText(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

// Header values must stay on one line whatever a workspace is called.
function headerSafe(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

const SHOWN_NAME_MAX = 60;
// Bidirectional overrides and isolates would let a name show text in an order other than its own.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** A name someone else chose, as a mail shows it: one line, no bidi tricks, at most 60 characters. */
export function shownName(value: string): string {
  const line = headerSafe(value.replace(BIDI_CONTROLS, ''));
  const chars = [...line];
  return chars.length > SHOWN_NAME_MAX
    ? `${chars
        .slice(0, SHOWN_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

// A fixed UTC rendering: the template must not depend on the server's locale or zone.
function formatInstant(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
