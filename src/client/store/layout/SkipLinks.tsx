import { useLocation } from 'react-router-dom';
import { routes } from '../../routes';
import { skipTargets } from '../../ui/skip-targets';
import classes from './SkipLinks.module.css';

/**
 * Moves the focus (not only the scroll) to the target, so the next Tab continues from there. A
 * target that is not focusable gets `tabindex="-1"` for as long as it holds the focus. The sticky
 * header would cover a target scrolled to the very top, so it is scrolled to just below the header.
 */
function jumpTo(id: string): void {
  const target = document.getElementById(id) ?? document.getElementById(skipTargets.main);
  if (!target) return;
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus({ preventScroll: true });
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  window.scrollBy({ top: target.getBoundingClientRect().top - headerBottom - 8 });
}

function SkipLink({ to, children }: { to: string; children: string }) {
  return (
    <a
      href={`#${to}`}
      className={classes.skip}
      onClick={(event) => {
        // Not a fragment navigation: the router would see a new location and the focus would stay here.
        event.preventDefault();
        jumpTo(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * The first Tab stops of every storefront page, shown only when focused: past the header to the
 * page's content and, on the catalogue, past the filters straight to the products.
 */
export function SkipLinks() {
  const { pathname } = useLocation();
  return (
    <>
      <SkipLink to={skipTargets.main}>Перейти к основному содержимому</SkipLink>
      {pathname === routes.catalog && <SkipLink to={skipTargets.catalogueProducts}>Перейти к товарам</SkipLink>}
    </>
  );
}
