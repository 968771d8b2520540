/**
 * A failed submit shows why, wherever the form is: after any form's submit, once the form has
 * rendered its errors, the first invalid field is brought into view and focused. On a phone the
 * errors of a long form are often above the button, out of sight, and the tap seemed to do
 * nothing. One listener serves every form (each marks its invalid fields `aria-invalid`).
 */
export function focusFirstInvalidAfterSubmit(doc: Document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    // The form's own handler validates and renders its errors after this capture listener.
    window.setTimeout(() => {
      const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!invalid || invalid.contains(doc.activeElement)) return;
      invalid.scrollIntoView({ block: 'center' });
      invalid.focus({ preventScroll: true });
    }, 50);
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}
