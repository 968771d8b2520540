/**
 * Installs the failed-submit focus (focus-first-invalid.ts) without putting it in the first load:
 * a capture listener of a few bytes catches every form's submit and hands the form to the module,
 * loaded on the first submit. The module looks at once and then watches the form, so errors that
 * rendered while it loaded are found too.
 */
export function installFocusFirstInvalid(doc: Document): void {
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      void import('./focus-first-invalid').then(({ focusFirstInvalid }) => {
        if (form instanceof HTMLFormElement) focusFirstInvalid(form);
      });
    },
    true,
  );
}
