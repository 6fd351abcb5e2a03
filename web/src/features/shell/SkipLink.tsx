import classes from './SkipLink.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content" (WCAG 2.4.1): past the header and the sixteen links of the sidebar in one key.
 * The target is focusable (tabIndex -1 on the main region), so the next Tab continues from the page.
 */
export function SkipLink() {
  return (
    <a className={classes.skip} href={`#${MAIN_CONTENT_ID}`}>
      Skip to content
    </a>
  );
}
