import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A positive whole number, or none: a hand-edited `?id=abc` opens nothing. */
function idOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The record a list page shows in its detail, named by the URL (`?<name>=<id>`) so that a message can
 * link straight to it. Opening and closing replace the history entry: they are not pages to go back through.
 */
export function useIdParam(name: string): [number | null, (id: number | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const show = useCallback(
    (id: number | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(name);
          else next.set(name, String(id));
          return next;
        },
        { replace: true },
      ),
    [name, setSearchParams],
  );
  return [idOf(searchParams.get(name)), show];
}
