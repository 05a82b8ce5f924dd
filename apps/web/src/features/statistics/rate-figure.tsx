import { Tooltip, Typography } from 'antd';
import { formatPercent } from '../../components/charts/chart-option';
import type { Figure } from './formulas';

/**
 * A rate, its formula with the counts behind it on hover or keyboard focus (the figure takes the focus, so
 * the formula is reachable without a mouse; it is also the figure's description for a screen reader).
 */
export function RateFigure({ figure, strong }: { figure: Figure; strong?: boolean }) {
  return (
    <Tooltip title={figure.formula} trigger={['hover', 'focus']}>
      <Typography.Text
        strong={strong}
        tabIndex={0}
        aria-description={figure.formula}
        style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help' }}
      >
        {formatPercent(figure.rate)}
      </Typography.Text>
    </Tooltip>
  );
}
