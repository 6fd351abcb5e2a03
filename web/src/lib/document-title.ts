import { useEffect, useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '@onair/protocol/constants';

/** "Analytics · OnAir": the page first, so tabs and history entries tell pages apart (WCAG 2.4.2). */
export function documentTitle(page: string | null): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** A page names itself; it runs after the shell's default (a passive effect after a layout one), so it wins. */
export function useDocumentTitle(page: string | null | undefined) {
  useEffect(() => {
    if (page !== undefined) document.title = documentTitle(page);
  }, [page]);
}

/** The shell's title for a path, set before any page's own (useDocumentTitle) on every navigation. */
export function useDefaultDocumentTitle(page: string | null) {
  useLayoutEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
