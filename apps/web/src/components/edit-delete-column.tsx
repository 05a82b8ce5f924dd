import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from './delete-button';
import type { ListColumn } from './list-columns';
import { Permission } from './permission';

interface EditDeleteColumnOptions<Row> {
  /** Of the column, in pixels: what its buttons need side by side. */
  width: number;
  /** 编辑: the button permission that shows it, and what it opens. */
  edit?: { permission: string; onEdit(row: Row): void };
  /** The row's other buttons, between 编辑 and 删除. */
  more?(row: Row): ReactNode;
  /** 删除, behind a confirmation. */
  remove?: {
    /** The button permission that shows it. */
    permission: string;
    /** Whether the row offers it at all (a built-in record does not); every row unless told. */
    when?(row: Row): boolean;
    /** The confirmation's question, and a line under it. */
    confirm(row: Row): ReactNode;
    description?(row: Row): ReactNode;
    /** Deletes the row on the server. */
    request(row: Row): Promise<unknown>;
    /** The success message. */
    done: string;
    /** What else changes once the row is gone (a selection, a tree); before `invalidates`. */
    onDeleted?(row: Row): unknown;
    /** The queries to ask again, the list's own among them. */
    invalidates?: readonly QueryKey[];
  };
}

/**
 * A list's 操作 column of 编辑 and 删除 (and the row's other buttons), each behind its permission. 删除
 * asks first, then deletes, says so, and refreshes what the deletion changed; a refusal (409: still in use)
 * is shown by the API client with the server's message and the row stays. The buttons' clicks stay theirs:
 * a row that opens or selects on a click does not.
 */
export function useEditDeleteColumn<Row>({
  width,
  edit,
  more,
  remove,
}: EditDeleteColumnOptions<Row>): ListColumn<Row> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const deletion = useMutation({
    mutationFn: (row: Row) => remove!.request(row),
    onSuccess: async (_answer, row) => {
      void message.success(remove!.done);
      await remove!.onDeleted?.(row);
      for (const queryKey of remove!.invalidates ?? []) await queryClient.invalidateQueries({ queryKey });
    },
  });
  return {
    key: 'actions',
    title: t('table.actions'),
    width,
    card: 'actions',
    render: (_value, row) => (
      <Space size={0} wrap onClick={(event) => event.stopPropagation()}>
        {edit && (
          <Permission name={edit.permission}>
            <Button type="link" size="small" onClick={() => edit.onEdit(row)}>
              {t('actions.edit')}
            </Button>
          </Permission>
        )}
        {more?.(row)}
        {remove && (remove.when?.(row) ?? true) && (
          <Permission name={remove.permission}>
            <DeleteButton
              title={remove.confirm(row)}
              description={remove.description?.(row)}
              onConfirm={() => deletion.mutateAsync(row)}
            />
          </Permission>
        )}
      </Space>
    ),
  };
}
