/**
 * A failed submit shows why, wherever the form is (docs/client.md): after a form's submit, once
 * the form has rendered its errors (each field marks itself `aria-invalid`), the first invalid
 * field in the form's order is scrolled to the middle of the window and focused. On a phone the
 * errors of a long form are above the button, out of sight, and the tap seemed to do nothing.
 *
 * One capture listener serves every form. It does not guess when React renders: it looks once
 * the submit's own handlers have run and then watches the form's attributes for a short while,
 * so a slow render (a loaded machine, a page in the background, where animation frames stop) is
 * still caught. A submit that passes validation marks nothing and nothing moves.
 */
const watchMs = 1500;
const invalidSelector = '[aria-invalid="true"]';

function focusField(field: HTMLElement): void {
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

export function focusFirstInvalidAfterSubmit(doc: Document): () => void {
  const view = doc.defaultView;
  if (!view) return () => undefined;
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof view.HTMLFormElement)) return;
    let done = false;
    const look = () => {
      if (done) return;
      const invalid = form.querySelector<HTMLElement>(invalidSelector);
      if (!invalid) return;
      done = true;
      stop();
      // The shopper already fixes a field that is still invalid: leave the focus with them.
      if (!form.querySelector(`${invalidSelector}:focus`)) focusField(invalid);
    };
    const observer = new view.MutationObserver(look);
    observer.observe(form, { attributes: true, attributeFilter: ['aria-invalid'], subtree: true, childList: true });
    const timer = view.setTimeout(() => stop(), watchMs);
    function stop() {
      observer.disconnect();
      view?.clearTimeout(timer);
    }
    // Errors a field showed before this submit: seen once the form's own handler has run.
    view.setTimeout(look, 0);
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}
