import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The vacancy grid's heat: a background per band of vacancy rate, each light enough for the cell's dark
 * text to keep WCAG's 4.5:1. The rate is written in the cell too, so the colour is never the only sign.
 */
export const HEAT_BANDS = [
  { key: 'full', upTo: 0, colour: '#f6ffed' },
  { key: 'low', upTo: 0.1, colour: '#fffbe6' },
  { key: 'medium', upTo: 0.25, colour: '#ffe7ba' },
  { key: 'high', upTo: 0.5, colour: '#ffccc7' },
  { key: 'severe', upTo: 1, colour: '#ffa39e' },
] as const;

/** The background of a vacancy rate; none without a plan (no rate). */
export function heatOf(rate: number | null): string | undefined {
  if (rate === null) return undefined;
  return HEAT_BANDS.find((band) => rate <= band.upTo)?.colour ?? HEAT_BANDS.at(-1)!.colour;
}

/** What each colour of the grid means. */
export function HeatLegend() {
  const { t } = useTranslation('statistics');
  return (
    <Flex wrap gap={12} align="center" role="list" aria-label={t('vacancy.legend')}>
      <Typography.Text type="secondary">{t('vacancy.legend')}</Typography.Text>
      {HEAT_BANDS.map((band) => (
        <Flex key={band.key} gap={4} align="center" role="listitem">
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              background: band.colour,
              border: '1px solid rgba(0, 0, 0, 0.25)',
            }}
          />
          <Typography.Text>{t(`vacancy.heat.${band.key}`)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
