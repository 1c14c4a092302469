import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The id of the element a SkipLink moves to (give it tabIndex={-1} so it can take the focus). */
export const MAIN_CONTENT_ID = 'main-content';

/** "Saltar al contenido": the first Tab of a page jumps past the header and the menu to the page's content. */
export function SkipLink({ target = MAIN_CONTENT_ID }: { target?: string }) {
  const { t } = useTranslation('common');
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target);
    if (!main) return;
    // Focus moves without touching the URL (the router owns it); the next Tab starts inside the content.
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href={`#${target}`} className={classes.link} onClick={skip}>
      {t('a11y.skipToContent')}
    </a>
  );
}
