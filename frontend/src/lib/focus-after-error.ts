import { refusalMessage } from './api-client';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (el: Element): el is Control =>
  (el instanceof HTMLInputElement && el.type !== 'hidden') || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/**
 * After a failed submit, puts keyboard focus back in the form: its submit button was disabled while
 * busy, which drops the focus to <body>. Focus goes to the field the server's message names (its 400s
 * read "<field>: ..."), or else to the first field; what the user typed is left as it is.
 */
export function focusFormAfterError(form: HTMLFormElement, error?: unknown): void {
  const fields = Array.from(form.elements).filter(isControl).filter((el) => !el.disabled);
  const named = /^([\w.]+):/.exec(refusalMessage(error) ?? '')?.[1];
  const byName = named ? fields.filter((el) => el.name === named) : [];
  // In a radio group, the chosen option (else the first one).
  const target = byName.find((el) => !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked)) ?? byName[0] ?? fields[0];
  target?.focus();
}
