/**
 * The buttons under a question: options of a choice (one click answers, or toggles and a Send
 * button for several), Yes and No, and a rating as a radio group (stars 1–5 or a 0–10 scale)
 * driven by arrow keys. Each answer is sent as the text a visitor could have typed, so the
 * transcript reads the same either way and the text field stays a full fallback.
 */
import { h } from './dom.js';
import { type AnswerInput, choicesAnswer, ratingAnswer, ratingName, ratingRange } from './inputs.js';

const STAR =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="m12 2.6 2.9 6 6.5.8-4.8 4.5 1.2 6.5L12 17.2l-5.8 3.2 1.2-6.5-4.8-4.5 6.5-.8z"/></svg>';

export interface AnswerControls {
  el: HTMLElement;
  /** Where keyboard focus goes when the question is asked: the first option, or the picked rating. */
  first: HTMLElement;
}

function button(text: string, cls: string, onClick: () => void, attrs: Record<string, string> = {}) {
  const b = h('button', { type: 'button', class: cls, ...attrs }, text);
  b.addEventListener('click', onClick);
  return b;
}

function choiceButtons(input: AnswerInput, question: string, send: (text: string) => void): AnswerControls {
  const options = input.options || [];
  const el = h('div', { class: 'ac', role: 'group', 'aria-label': question });
  if (!input.multiple) {
    for (const o of options) el.append(button(o.label, 'o', () => send(o.label)));
    return { el, first: el.firstElementChild as HTMLElement };
  }
  const picked: string[] = [];
  const go = button('Send', 'o go', () => picked.length && send(choicesAnswer(options, picked)), {
    'aria-disabled': 'true',
  });
  for (const o of options) {
    const b = button(
      o.label,
      'o',
      () => {
        const i = picked.indexOf(o.value);
        if (i >= 0) picked.splice(i, 1);
        else picked.push(o.value);
        b.setAttribute('aria-pressed', String(i < 0));
        go.setAttribute('aria-disabled', String(!picked.length));
      },
      { 'aria-pressed': 'false' },
    );
    el.append(b);
  }
  el.append(go);
  return { el, first: el.firstElementChild as HTMLElement };
}

/**
 * A radio group: arrows, Home and End move the choice (and the stars fill up to it), Enter or
 * Space sends it; a click sends the rating clicked.
 */
function ratingGroup(input: AnswerInput, question: string, send: (text: string) => void): AnswerControls {
  const [low, high] = ratingRange(input);
  const stars = high === 5;
  const el = h('div', { class: stars ? 'ac rt' : 'ac sc', role: 'radiogroup', 'aria-label': question });
  const radios: HTMLButtonElement[] = [];
  let current = -1;
  const select = (i: number) => {
    current = i;
    radios.forEach((r, k) => {
      r.setAttribute('aria-checked', String(k === i));
      r.tabIndex = k === Math.max(i, 0) ? 0 : -1;
      r.classList.toggle('on', stars ? k <= i : k === i);
    });
    if (i >= 0) radios[i].focus();
  };
  for (let n = low; n <= high; n++) {
    const r = button(stars ? '' : String(n), stars ? 'st' : 'o', () => send(ratingAnswer(n, high)), {
      role: 'radio',
      'aria-checked': 'false',
      'aria-label': ratingName(n, high),
    });
    if (stars) r.innerHTML = STAR; // static markup, never server data
    radios.push(r);
  }
  el.addEventListener('keydown', (e) => {
    const last = radios.length - 1;
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    // Nothing picked yet: arrows start from the focused radio, as in any radio group.
    const from = current >= 0 ? current : radios.indexOf(e.target as HTMLButtonElement);
    let next = -2;
    if (e.key in step) next = (from + step[e.key] + radios.length) % radios.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = last;
    else if ((e.key === 'Enter' || e.key === ' ') && current >= 0) {
      e.preventDefault();
      send(ratingAnswer(current + low, high));
      return;
    }
    if (next === -2) return;
    e.preventDefault();
    select(next);
  });
  el.append(...radios);
  select(-1);
  return { el, first: radios[0] };
}

/** The controls for a question's input, or null when the text field is the way to answer. */
export function answerControls(
  input: AnswerInput,
  question: string,
  send: (text: string) => void,
): AnswerControls | null {
  if (input.type === 'choice') return choiceButtons(input, question, send);
  if (input.type === 'rating') return ratingGroup(input, question, send);
  if (input.type === 'yesno') {
    const el = h('div', { class: 'ac', role: 'group', 'aria-label': question });
    el.append(
      button('Yes', 'o', () => send('Yes')),
      button('No', 'o', () => send('No')),
    );
    return { el, first: el.firstElementChild as HTMLElement };
  }
  return null;
}
