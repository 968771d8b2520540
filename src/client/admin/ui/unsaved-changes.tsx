import { Button, Group, Modal, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Leaving an admin form with unsaved changes asks first (docs/moderation.md). The app routes with
 * BrowserRouter, where react-router's useBlocker is not available (it needs a data router), so
 * the equivalent is done here: a click on any link inside the app is held while the form is
 * dirty and a Mantine dialog asks; the browser's Back lands on a copy of this page pushed when the
 * form became dirty (nothing unmounts) and asks the same; closing or reloading the tab asks through
 * `beforeunload`; FormFrame's «Отмена» asks through `leave`. Navigation the form itself starts
 * after a save is not held.
 */
/** The pending destination when the admin pressed the browser's Back. */
const backTarget = '\u0000back';

export function useUnsavedChangesGuard(dirty: boolean): { leave: (to: string) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const location = useLocation();
  // Where the admin wanted to go, and from where: a question left over from another page is void.
  const [pending, setPending] = useState<{ to: string; from: string } | null>(null);
  const here = location.pathname + location.search;
  const target = pending !== null && pending.from === here ? pending.to : null;
  const setTarget = useCallback((to: string | null) => setPending(to === null ? null : { to, from: window.location.pathname + window.location.search }), []);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return undefined;
    // A copy of this very entry on top of the history: Back pops it, the address stays, the form
    // stays mounted, and the admin is asked; the copy is pushed again so a second Back asks too.
    const guardEntry = () => window.history.pushState({ ...(window.history.state as object | null), unsavedGuard: true }, '');
    if (!(window.history.state as { unsavedGuard?: boolean } | null)?.unsavedGuard) guardEntry();
    const onPopState = () => {
      if (!dirtyRef.current) return;
      guardEntry();
      setTarget(backTarget);
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // Saved and still here: drop the copy, so that one Back leaves the page again.
      if ((window.history.state as { unsavedGuard?: boolean } | null)?.unsavedGuard) window.history.back();
    };
  }, [dirty, setTarget]);

  useEffect(() => {
    // Capture on the document runs before React's own listeners on the root, so a router Link never sees the click.
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = url.pathname + url.search + url.hash;
      if (to === window.location.pathname + window.location.search + window.location.hash) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(to);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [setTarget]);

  const leave = useCallback(
    (to: string) => {
      if (dirtyRef.current) setTarget(to);
      else void navigate(to);
    },
    [navigate, setTarget],
  );

  const dialog = (
    <Modal opened={target !== null} onClose={() => setTarget(null)} title="Несохранённые изменения" centered>
      <Text size="sm">Изменения в форме не сохранены. Уйти со страницы и потерять их?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setTarget(null)} data-autofocus>
          Остаться
        </Button>
        <Button
          color="red"
          onClick={() => {
            const to = target;
            dirtyRef.current = false;
            setTarget(null);
            if (to === backTarget) window.history.go(-2); // past the guard's copy and this page's own entry
            else if (to !== null) void navigate(to);
          }}
        >
          Уйти без сохранения
        </Button>
      </Group>
    </Modal>
  );
  return { leave, dialog };
}

/** Fills a form with a loaded record and makes those values its clean state (isDirty() false until edited). */
export function loadFormValues<T>(form: Pick<UseFormReturnType<T>, 'setValues' | 'resetDirty'>, values: Partial<T>): void {
  form.setValues(values);
  form.resetDirty();
}
