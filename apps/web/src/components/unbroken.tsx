import type { ReactNode } from 'react';

const unbroken = { whiteSpace: 'nowrap' } as const;

/**
 * A code or a date that a narrow column must not break at its hyphens (`BJ-PORSCHE-01`, `2026-10-09`): the
 * table widens the column for it instead.
 */
export function Unbroken({ children }: { children: ReactNode }) {
  return <span style={unbroken}>{children}</span>;
}

/** A period of days, `2026-10-08 ~ 2026-10-09`: broken after the tilde if at all, never inside a date. */
export function DateRange({ from, to }: { from: string; to: string }) {
  if (from === to) return <Unbroken>{from}</Unbroken>;
  return (
    <span>
      <Unbroken>{from} ~</Unbroken> <Unbroken>{to}</Unbroken>
    </span>
  );
}
