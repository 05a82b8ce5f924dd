import { describe, expect, it } from 'vitest';
import { moveRange } from './period';

describe('moveRange', () => {
  it('moves one end and keeps the other where it can', () => {
    expect(moveRange({ start: '2026-01', end: '2026-06' }, 'start', '2026-03')).toEqual({
      start: '2026-03',
      end: '2026-06',
    });
    expect(moveRange({ start: '2026-01', end: '2026-06' }, 'end', '2026-04')).toEqual({
      start: '2026-01',
      end: '2026-04',
    });
  });

  it('never reverses the range', () => {
    expect(moveRange({ start: '2026-01', end: '2026-06' }, 'start', '2026-09')).toEqual({
      start: '2026-09',
      end: '2026-09',
    });
    expect(moveRange({ start: '2026-05', end: '2026-06' }, 'end', '2026-02')).toEqual({
      start: '2026-02',
      end: '2026-02',
    });
  });

  it('keeps the range to the 60 months one query may cover', () => {
    expect(moveRange({ start: '2026-01', end: '2026-06' }, 'start', '2020-01')).toEqual({
      start: '2020-01',
      end: '2024-12',
    });
    expect(moveRange({ start: '2020-01', end: '2020-06' }, 'end', '2026-06')).toEqual({
      start: '2021-07',
      end: '2026-06',
    });
  });
});
