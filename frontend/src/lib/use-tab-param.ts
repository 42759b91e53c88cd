import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A tab's name as it appears in the URL: 'Protein-Rich' → 'protein-rich', 'All Meals' → 'all-meals'. */
const tabSlug = (tab: string): string =>
  tab
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The selected tab of a screen, kept in the URL (`?tab=appearance`) so that a reload, a shared
 * link or Back shows the same tab. The first tab is the default and leaves the URL clean; an
 * unknown value shows the default. Changing tabs replaces the history entry (no Back per tab).
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('tab');
  const selected = tabs.find((t) => tabSlug(t) === fromUrl) ?? tabs[0]!;
  const select = useCallback(
    (tab: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (tab === tabs[0]) next.delete('tab');
          else next.set('tab', tabSlug(tab));
          return next;
        },
        { replace: true },
      ),
    [setParams, tabs],
  );
  return [selected, select];
}
