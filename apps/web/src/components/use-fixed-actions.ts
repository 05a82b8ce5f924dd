import { Grid } from 'antd';

/**
 * Where a table's action column sticks: to the right edge from a tablet up, nowhere on a phone, where a
 * fixed column of several buttons would cover the whole table and hide the rows' names.
 */
export function useFixedActions(): 'right' | undefined {
  const screens = Grid.useBreakpoint();
  return screens.md ? 'right' : undefined;
}
