import { Descriptions, Empty, Modal, Spin } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryName, useDictionary } from './dictionary-select';
import type { Dictionary } from './dictionary-select';

export interface UseDetailDialogOptions<Row, Detail> {
  /**
   * Loads the record of `row` (docs/web.md "Detail dialog"). Call the API with `silent: true`: a
   * failure is only logged here, never shown (docs/web.md "Answer codes"). The signal aborts when the dialog closes or
   * another row is opened.
   */
  load: (row: Row, signal: AbortSignal) => Promise<Detail>;
  /** Dictionary types the fields name items of, e.g. `[DictType.ID_CARD]`. */
  dictionaryTypeIds?: readonly number[];
}

/** docs/web.md "Detail dialog state". */
export interface DetailDialogState<Row, Detail> {
  visible: boolean;
  loading: boolean;
  row: Row | null;
  /** Only a loaded record that has an id; null while loading, after a failure or for an empty answer. */
  detail: Detail | null;
  dictionary: Dictionary;
  open(row: Row): void;
  close(): void;
}

const NO_TYPES: readonly number[] = [];

/** docs/web.md "Detail dialog": a record is kept only when the answer has data.id. */
function hasId(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { id } = value as { id?: unknown };
  return typeof id === 'number' || (typeof id === 'string' && id !== '');
}

/**
 * State of a record's detail dialog (docs/web.md "Detail dialog state" and "Detail dialog"). `open` stores the row, clears the previous
 * record, shows the dialog and loads the record; the dictionary is loaded on the first opening and then
 * comes from the session cache. `close` hides, forgets the row and stops loading.
 */
export function useDetailDialog<Row, Detail>({
  load,
  dictionaryTypeIds = NO_TYPES,
}: UseDetailDialogOptions<Row, Detail>): DetailDialogState<Row, Detail> {
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);
  const [row, setRow] = useState<Row | null>(null);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [dictionaryWanted, setDictionaryWanted] = useState(false);
  const dictionary = useDictionary(dictionaryTypeIds, { enabled: dictionaryWanted });
  const request = useRef<AbortController | null>(null);
  // The latest `load` without making `open` change whenever the page re-renders with a new closure.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  const close = useCallback(() => {
    request.current?.abort();
    request.current = null;
    setVisible(false);
    setRow(null);
    setLoading(false);
  }, []);

  const open = useCallback((next: Row) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setRow(next);
    setDetail(null);
    setVisible(true);
    setDictionaryWanted(true);
    setLoading(true);
    loadRef.current(next, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setDetail(hasId(answer) ? answer : null);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('record detail could not be loaded', error);
        setLoading(false);
      },
    );
  }, []);

  // A page left with the dialog open does not let its request finish into an unmounted component.
  useEffect(() => () => request.current?.abort(), []);

  return { visible, loading, row, detail, dictionary, open, close };
}

export interface DetailField<Detail> {
  key: string;
  label: ReactNode;
  render(detail: Detail, dictionary: Dictionary): ReactNode;
  /** Columns the value spans. */
  span?: number;
}

/** Shown for a value the record does not have. */
const EMPTY_VALUE = '-';

/**
 * A field naming a dictionary item, e.g. the identity-card type of docs/web.md "Detail dialog state":
 * `dictionaryField('idType', t('idType'), DictType.ID_CARD, (staff) => staff.id_type_id)`.
 */
export function dictionaryField<Detail>(
  key: string,
  label: ReactNode,
  typeId: number,
  itemId: (detail: Detail) => number | string | null | undefined,
): DetailField<Detail> {
  return {
    key,
    label,
    render: (detail, dictionary) => dictionaryName(dictionary[typeId], itemId(detail)) ?? EMPTY_VALUE,
  };
}

interface DetailDialogProps<Row, Detail> {
  dialog: DetailDialogState<Row, Detail>;
  fields: readonly DetailField<Detail>[];
  /** Defaults to 详情. */
  title?: ReactNode;
  /** Description columns. */
  column?: DescriptionsProps['column'];
  width?: number | string;
}

/** The detail dialog of a record: its fields as descriptions, a spinner while the record loads. */
export function DetailDialog<Row, Detail>({
  dialog,
  fields,
  title,
  column = 2,
  width = 720,
}: DetailDialogProps<Row, Detail>) {
  const { t } = useTranslation('components');
  const { detail, dictionary } = dialog;
  const items: DescriptionsProps['items'] = detail
    ? fields.map((field) => ({
        key: field.key,
        label: field.label,
        span: field.span,
        children: field.render(detail, dictionary) ?? EMPTY_VALUE,
      }))
    : [];

  return (
    <Modal
      open={dialog.visible}
      title={title ?? t('detailDialog.title')}
      width={width}
      onCancel={dialog.close}
      footer={null}
      destroyOnHidden
    >
      <Spin spinning={dialog.loading}>
        {detail ? (
          <Descriptions bordered size="small" column={column} items={items} />
        ) : dialog.loading ? (
          <div style={{ minHeight: 120 }} />
        ) : (
          // A failed load was logged; the reader only sees that there is nothing to show.
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </Modal>
  );
}
