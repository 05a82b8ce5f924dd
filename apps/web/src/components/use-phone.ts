import { Grid } from 'antd';

/**
 * Whether the screen is a phone's: narrower than antd's `md` breakpoint (768 px). Lists show cards there
 * and fold their filters behind one button. Before the first measurement (the first render) it says no.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
