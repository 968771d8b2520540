/**
 * A failed submit shows why, wherever the form is (docs/client.md): after a form's submit, once
 * the form has rendered its errors (each field marks itself `aria-invalid`), the first invalid
 * field in the form's order is scrolled to the middle of the window and focused. On a phone the
 * errors of a long form are above the button, out of sight, and the tap seemed to do nothing.
 *
 * It does not guess when React renders: it looks at once and then watches the form's attributes
 * for a short while, so a slow render (a loaded machine, a page in the background, where
 * animation frames stop) is still caught. A submit that passes validation marks nothing and
 * nothing moves. Installed for every form by focus-first-invalid-listener.ts.
 */
const watchMs = 1500;
const invalidSelector = '[aria-invalid="true"]';

export function focusFirstInvalid(form: HTMLFormElement): void {
  const view = form.ownerDocument.defaultView;
  if (!view) return;
  let done = false;
  const observer = new view.MutationObserver(() => look());
  const timer = view.setTimeout(() => observer.disconnect(), watchMs);
  function look() {
    if (done) return;
    const invalid = form.querySelector<HTMLElement>(invalidSelector);
    if (!invalid) return;
    done = true;
    observer.disconnect();
    view?.clearTimeout(timer);
    // The shopper already fixes a field that is still invalid: leave the focus with them.
    if (form.querySelector(`${invalidSelector}:focus`)) return;
    invalid.scrollIntoView({ block: 'center' });
    invalid.focus({ preventScroll: true });
  }
  observer.observe(form, { attributes: true, attributeFilter: ['aria-invalid'], subtree: true, childList: true });
  look();
}
