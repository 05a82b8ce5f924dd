import { Flex, Typography } from 'antd';

/** A list's person: the name, and the employee number under it. */
export function PersonCell({ name, no }: { name: string; no: string }) {
  return (
    <Flex vertical>
      <span>{name}</span>
      <Typography.Text type="secondary">{no}</Typography.Text>
    </Flex>
  );
}
