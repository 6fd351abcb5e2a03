/**
 * A content picker's state: the items it offers and the one chosen. A creator's own items come in one
 * list of up to CONTENT_LIST_MAX; an admin's picker starts from the library's first page. While they
 * type, the server's matches (by title or creator's name) join it: across the whole library for an
 * admin, among the creator's own items for a creator with more than that list holds, so an item older
 * than the list can still be found. The chosen item stays chosen whatever is typed next, until it is
 * deleted.
 */
import { useCallback, useMemo, useState } from 'react';
import { defaultOptionsFilter, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Content, ContentType } from '@onair/protocol';
import { CONTENT_LIST_MAX } from '@onair/protocol/constants';
import { useSocketEvent } from '../../lib/live';
import { contentQueries } from './queries';

/** Fewer letters than this match too much to be worth a request. */
const MIN_SEARCH = 2;

interface PickerOptions {
  /** What is offered before any search: a creator's own items, or the library's first page. */
  base: Content[] | undefined;
  /** Search the whole library on the server as the person types (admins). */
  wholeLibrary: boolean;
  /** `base` is this creator's own items: past CONTENT_LIST_MAX of them, their search asks the server too. */
  creatorId?: number;
  /** Which items may be chosen at all. */
  accepts?: (item: Content) => boolean;
  /** The only types `accepts` takes, if it takes only some: the server's search asks for those alone. */
  types?: readonly ContentType[];
  label?: (item: Content) => string;
}

export function useContentPicker({ base, wholeLibrary, creatorId, accepts = () => true, types, label = (item) => item.title }: PickerOptions) {
  const [chosen, setChosen] = useState<Content | null>(null);
  const [searchValue, onSearchChange] = useState('');
  const [query] = useDebouncedValue(searchValue.trim(), 300);
  // A creator's list that came back full may have left older items out.
  const searchesServer = wholeLibrary || (creatorId !== undefined && (base?.length ?? 0) >= CONTENT_LIST_MAX);
  const found = useQuery({ ...contentQueries.matching(query, { types, creatorId: wholeLibrary ? undefined : creatorId }), enabled: searchesServer && query.length >= MIN_SEARCH });
  useSocketEvent(
    'content:removed',
    useCallback(({ contentId }: { contentId: number }) => setChosen((current) => (current?.id === contentId ? null : current)), []),
  );

  const merged = useMemo(() => {
    const byId = new Map<number, Content>();
    for (const item of [...(base ?? []), ...(found.data ?? []), ...(chosen ? [chosen] : [])]) if (!byId.has(item.id)) byId.set(item.id, item);
    return [...byId.values()];
  }, [base, found.data, chosen]);
  const items = merged.filter(accepts);
  // Mantine's own filter matches labels; the server's matches (by a creator's name, too) always pass.
  const filter = useMemo<OptionsFilter>(() => {
    const foundIds = new Set((found.data ?? []).map((item) => String(item.id)));
    return (input) => {
      const matched = new Set(defaultOptionsFilter({ ...input, limit: Infinity }).map((option) => ('value' in option ? option.value : null)));
      return input.options.filter((option) => 'value' in option && (matched.has(option.value) || foundIds.has(String(option.value))));
    };
  }, [found.data]);

  const selectProps = {
    data: items.map((item) => ({ value: String(item.id), label: label(item) })),
    value: chosen ? String(chosen.id) : null,
    onChange: (value: string | null) => setChosen(items.find((item) => String(item.id) === value) ?? null),
    searchable: true,
    searchValue,
    onSearchChange,
    filter,
    nothingFoundMessage: found.isFetching ? 'Searching…' : 'No matching content',
  } satisfies Partial<SelectProps>;
  return { items, chosen, selectProps };
}
