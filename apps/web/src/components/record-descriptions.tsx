import { Descriptions } from 'antd';
import type { DescriptionsProps } from 'antd';

const TWO_COLUMNS: DescriptionsProps['column'] = { xs: 1, sm: 2 };

/** A record's labelled values as every detail shows them: bordered, two columns (or `column`), one on a phone. */
export function RecordDescriptions({
  items,
  column = TWO_COLUMNS,
}: {
  items: DescriptionsProps['items'];
  column?: DescriptionsProps['column'];
}) {
  return (
    <Descriptions
      size="small"
      bordered
      column={column}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      items={items}
    />
  );
}
