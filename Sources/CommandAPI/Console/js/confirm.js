// The confirmation dialog of the panic keys and of disarming (which also asks for the access
// code: typed here, sent once, never stored, and cleared from the field at once).

import { byId } from './dom.js';

/**
 * Asks `question`; resolves to undefined when cancelled, else `{code}` (the code typed, when
 * `askCode`).
 */
export function confirmAction({ title, text, confirmLabel, askCode = false }) {
  const dialog = byId('confirm');
  const codeInput = byId('confirm-code-input');
  byId('confirm-title').textContent = title;
  byId('confirm-text').textContent = text;
  byId('confirm-ok').textContent = confirmLabel;
  byId('confirm-code').hidden = !askCode;
  codeInput.required = askCode;
  codeInput.value = '';
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      const code = codeInput.value;
      codeInput.value = '';
      resolve(dialog.returnValue === 'ok' ? { code: askCode ? code : undefined } : undefined);
    }, { once: true });
    dialog.returnValue = '';
    dialog.showModal();
    (askCode ? codeInput : byId('confirm-ok')).focus();
  });
}
