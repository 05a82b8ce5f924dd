import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  InputNumber,
  Input,
  Select,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REMARK_MAX, SCORE_MAX } from '@dealer-hr/shared/training/rules';
import { Permission, usePermission } from '../../components/permission';
import { usePhone } from '../../components/use-phone';
import { useSearchKeyword } from '../../lib/use-search-keyword';
import { TRAINING_KEY, courseDetailQuery, peopleQuery, saveRecords, type RecordRow } from './api';

interface RosterDrawerProps {
  /** The course whose roster is open; null when closed. */
  id: number | null;
  onClose(): void;
}

/** A roster line being edited: the saved one, or a person just added. */
type Line = Pick<RecordRow, 'employee_id' | 'employee_no' | 'employee_name' | 'store_name' | 'attended'> & {
  score: number | null;
  passed: boolean | null;
  remark: string | null;
};

/** What the drawer changed of the saved roster: lines edited, people added and people taken off. */
interface Edits {
  changed: Record<number, Partial<Line>>;
  added: Line[];
  removed: number[];
}
const NO_EDITS: Edits = { changed: {}, added: [], removed: [] };

/**
 * A course and who attended it: people are added from the staff of the caller's scope, each line's
 * attendance, score, pass and remark edited in place, and the whole roster saved at once.
 */
export function RosterDrawer({ id, onClose }: RosterDrawerProps) {
  const { t } = useTranslation('training');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const phone = usePhone();
  const editable = usePermission()('staff:training:update');
  const detail = useQuery({ ...courseDetailQuery(id ?? 0), enabled: id !== null });
  const [edits, setEdits] = useState<Edits>(NO_EDITS);
  const [typed, setTyped, keyword] = useSearchKeyword();
  const people = useQuery({ ...peopleQuery(keyword), enabled: id !== null && editable });

  // The saved roster with this drawer's edits over it, until they are saved or the drawer closes.
  const lines: Line[] = [
    ...(detail.data?.records ?? []).filter((line) => !edits.removed.includes(line.employee_id)),
    ...edits.added,
  ].map((line) => ({ ...line, ...edits.changed[line.employee_id] }));
  const change = (employeeId: number, patch: Partial<Line>) =>
    setEdits((current) => ({
      ...current,
      changed: { ...current.changed, [employeeId]: { ...current.changed[employeeId], ...patch } },
    }));
  const add = (line: Line) =>
    setEdits((current) => ({
      ...current,
      added: [...current.added, line],
      removed: current.removed.filter((removedId) => removedId !== line.employee_id),
    }));
  const remove = (employeeId: number) =>
    setEdits((current) =>
      current.added.some((line) => line.employee_id === employeeId)
        ? { ...current, added: current.added.filter((line) => line.employee_id !== employeeId) }
        : { ...current, removed: [...current.removed, employeeId] },
    );
  const close = () => {
    setEdits(NO_EDITS);
    onClose();
  };

  const save = useMutation({
    mutationFn: () =>
      saveRecords(
        id!,
        lines.map(({ employee_id, attended, score, passed, remark }) => ({
          employee_id,
          attended,
          score,
          passed,
          remark,
        })),
        edits.removed,
      ),
    onSuccess: async () => {
      void message.success(t('messages.rosterSaved'));
      await queryClient.invalidateQueries({ queryKey: [TRAINING_KEY] });
      setEdits(NO_EDITS);
    },
  });

  // Each line's editable fields: the grid's columns on a desktop, the rows of a card on a phone.
  const fields: { key: string; title: string; width?: number; control(line: Line): ReactNode }[] = [
    {
      key: 'attended',
      title: t('roster.attended'),
      width: 80,
      control: (line) => (
        <Switch
          size="small"
          checked={line.attended}
          disabled={!editable}
          aria-label={t('roster.attendedOf', { name: line.employee_name })}
          onChange={(attended) => change(line.employee_id, { attended })}
        />
      ),
    },
    {
      key: 'score',
      title: t('roster.score'),
      width: 100,
      control: (line) => (
        <InputNumber
          size="small"
          min={0}
          max={SCORE_MAX}
          step={0.5}
          precision={1}
          value={line.score}
          disabled={!editable}
          aria-label={t('roster.scoreOf', { name: line.employee_name })}
          onChange={(score) => change(line.employee_id, { score: score ?? null })}
        />
      ),
    },
    {
      key: 'passed',
      title: t('roster.passed'),
      width: 110,
      control: (line) => (
        <Select<'yes' | 'no' | 'none'>
          size="small"
          style={{ width: 96 }}
          disabled={!editable}
          aria-label={t('roster.passedOf', { name: line.employee_name })}
          value={line.passed === null ? 'none' : line.passed ? 'yes' : 'no'}
          options={(['yes', 'no', 'none'] as const).map((value) => ({ value, label: t(`roster.${value}`) }))}
          onChange={(value) =>
            change(line.employee_id, { passed: value === 'none' ? null : value === 'yes' })
          }
        />
      ),
    },
    {
      key: 'remark',
      title: t('roster.remark'),
      control: (line) => (
        <Input
          size="small"
          maxLength={REMARK_MAX}
          value={line.remark ?? ''}
          disabled={!editable}
          aria-label={t('roster.remarkOf', { name: line.employee_name })}
          onChange={(event) => change(line.employee_id, { remark: event.target.value || null })}
        />
      ),
    },
  ];
  const removeButton = (line: Line) =>
    editable && (
      <Button type="link" size="small" danger onClick={() => remove(line.employee_id)}>
        {t('actions.remove')}
      </Button>
    );

  const course = detail.data;
  const onRoster = new Set(lines.map((line) => line.employee_id));
  const choices = (people.data ?? []).filter((person) => !onRoster.has(person.id));

  return (
    <Drawer
      open={id !== null}
      onClose={close}
      title={course ? t('roster.title', { name: course.name }) : t('roster.loading')}
      placement="right"
      size="min(880px, 100vw)"
      destroyOnHidden
      extra={
        <Permission name="staff:training:update">
          <Button type="primary" loading={save.isPending} disabled={!course} onClick={() => save.mutate()}>
            {t('actions.saveRoster')}
          </Button>
        </Permission>
      }
    >
      {course && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={phone ? 1 : 3}
            items={[
              { key: 'code', label: t('fields.code'), children: course.code },
              { key: 'type', label: t('fields.type'), children: t(`types.${course.type}`) },
              { key: 'trainer', label: t('fields.trainer'), children: course.trainer },
              {
                key: 'dates',
                label: t('fields.dates'),
                children: `${course.start_date} ~ ${course.end_date}`,
              },
              { key: 'hours', label: t('fields.hours'), children: course.hours },
              { key: 'department', label: t('fields.department'), children: course.department_name },
            ]}
          />
          {editable && (
            <Select
              showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
              value={null}
              placeholder={t('roster.add')}
              aria-label={t('roster.add')}
              loading={people.isFetching}
              notFoundContent={t('roster.noPeople')}
              options={choices.map((person) => ({
                value: person.id,
                label: `${person.name} ${person.employee_no}${person.store_name ? ` · ${person.store_name}` : ''}`,
              }))}
              onChange={(personId: number) => {
                const person = choices.find((choice) => choice.id === personId);
                if (!person) return;
                setTyped('');
                add({
                  employee_id: person.id,
                  employee_no: person.employee_no,
                  employee_name: person.name,
                  store_name: person.store_name,
                  attended: true,
                  score: null,
                  passed: null,
                  remark: null,
                });
              }}
            />
          )}
          {phone ? (
            // On a phone each person is a card: the grid's six columns do not fit 390 px.
            lines.length === 0 ? (
              <Empty description={t('roster.empty')} />
            ) : (
              lines.map((line) => (
                <Card
                  key={line.employee_id}
                  size="small"
                  title={`${line.employee_name} ${line.employee_no}`}
                  extra={removeButton(line)}
                >
                  <Flex vertical gap={8}>
                    <Typography.Text type="secondary">{line.store_name ?? '-'}</Typography.Text>
                    {fields.map((field) => (
                      <Flex key={field.key} align="center" gap={8}>
                        <Typography.Text style={{ width: 72, flex: 'none' }}>{field.title}</Typography.Text>
                        {field.control(line)}
                      </Flex>
                    ))}
                  </Flex>
                </Card>
              ))
            )
          ) : (
            <Table<Line>
              size="small"
              rowKey="employee_id"
              dataSource={lines}
              pagination={false}
              locale={{ emptyText: t('roster.empty') }}
              columns={[
                {
                  title: t('roster.employee'),
                  key: 'employee',
                  width: 150,
                  render: (_v, line) => `${line.employee_name} ${line.employee_no}`,
                },
                {
                  title: t('fields.store'),
                  dataIndex: 'store_name',
                  width: 130,
                  ellipsis: true,
                  render: (name) => name ?? '-',
                },
                ...fields.map((field) => ({
                  title: field.title,
                  key: field.key,
                  width: field.width,
                  render: (_v: unknown, line: Line) => field.control(line),
                })),
                ...(editable
                  ? [
                      {
                        title: t('columns.actions'),
                        key: 'actions',
                        width: 70,
                        render: (_v: unknown, line: Line) => removeButton(line),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
