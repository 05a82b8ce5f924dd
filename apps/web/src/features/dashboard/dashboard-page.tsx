import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormatter } from '@dealer-hr/shared/number';
import { FIGURE_COLOURS, formatPercent } from '../../components/charts/chart-option';
import { StatChart } from '../../components/charts/stat-chart';
import { FigureCard } from '../../components/figure-card';
import { workbenchQuery, type Workbench } from './api';
import { relativeTime } from '../../lib/relative-time';
import { QuickLinks } from './quick-links';

/**
 * `/dashboard/dashboard` (工作台): where a sign-in lands. It shows what the answer holds for the user, and
 * nothing else: their own day (an employee), their to-dos (each opening its list), their store's attendance
 * today (a store manager), the people figures of their scope with their trend (with a statistics
 * permission), and the quick links of their menu.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const workbench = useQuery(workbenchQuery());
  const data = workbench.data;
  return (
    <Flex vertical gap={12}>
      <Card>
        <Typography.Title level={4}>{t('welcome')}</Typography.Title>
        {data && (
          <Typography.Paragraph type="secondary">
            {t('scope', {
              scope: data.scope.all ? t('scopeAll') : data.scope.names.join(t('listSeparator')),
              today: data.today,
            })}
          </Typography.Paragraph>
        )}
        <QuickLinks />
      </Card>
      {workbench.isPending && <Skeleton active />}
      {workbench.isError && (
        <Alert
          type="warning"
          showIcon
          title={t('loadFailed')}
          action={<Button onClick={() => void workbench.refetch()}>{t('retry')}</Button>}
        />
      )}
      {data && data.tasks.length > 0 && <Tasks tasks={data.tasks} />}
      {data?.me && <MyDay me={data.me} />}
      {data?.attendance_today && <AttendanceToday today={data.attendance_today} />}
      {data?.people && <People people={data.people} />}
    </Flex>
  );
}

/** A titled section of the workbench: its figures side by side (two to a row on a phone), then `after`. */
function Section({ title, children, after }: { title: string; children: ReactNode[]; after?: ReactNode }) {
  return (
    <section aria-label={title}>
      <Card size="small" title={title}>
        <Row gutter={[12, 12]}>
          {children.map((child, index) => (
            <Col key={index} xs={12} md={8} xl={4}>
              {child}
            </Col>
          ))}
        </Row>
        {after}
      </Card>
    </section>
  );
}

function Tasks({ tasks }: { tasks: Workbench['tasks'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section title={t('tasks.title')}>
      {tasks.map((task) => (
        <FigureCard key={task.key} title={t(`tasks.${task.key}`)} value={task.count} to={task.path} />
      ))}
    </Section>
  );
}

const clockTime = (time: string | null) => (time ? dayjs(time).format('HH:mm') : null);

function MyDay({ me }: { me: NonNullable<Workbench['me']> }) {
  const { t, i18n } = useTranslation('dashboard');
  const clockedIn = clockTime(me.clocked_in);
  const clockedOut = clockTime(me.clocked_out);
  return (
    <Section title={t('me.title')}>
      <FigureCard
        title={t('me.clock')}
        value={!me.workday ? t('me.restDay') : (clockedIn ?? t('me.notClockedIn'))}
        note={
          clockedOut ? (
            <Typography.Text type="secondary">{t('me.clockedOut', { time: clockedOut })}</Typography.Text>
          ) : (
            me.clocked_in && (
              <Typography.Text type="secondary">
                {t('me.clockedAgo', { ago: relativeTime(me.clocked_in, i18n.language) })}
              </Typography.Text>
            )
          )
        }
        to="/attendance/clock"
      />
      <FigureCard
        title={t('me.annualLeave')}
        value={me.annual_leave_left === null ? '—' : t('me.days', { count: me.annual_leave_left })}
        to="/attendance/leave"
      />
      <FigureCard title={t('me.requests')} value={me.requests_open} to="/approval/mine" />
      <FigureCard title={t('me.messages')} value={me.messages_unread} to="/dashboard/newslist" />
    </Section>
  );
}

const ATTENDANCE_FIGURES = ['due', 'present', 'late', 'absent', 'on_leave', 'not_yet'] as const;

function AttendanceToday({ today }: { today: NonNullable<Workbench['attendance_today']> }) {
  const { t } = useTranslation('dashboard');
  return (
    <Section title={t('attendance.title')}>
      {ATTENDANCE_FIGURES.map((key) => (
        <FigureCard key={key} title={t(`attendance.${key}`)} value={today[key]} to="/attendance/records" />
      ))}
    </Section>
  );
}

function People({ people }: { people: NonNullable<Workbench['people']> }) {
  const { t } = useTranslation('dashboard');
  const trend = people.trend;
  const { headcount, leavers, rate } = FIGURE_COLOURS;
  return (
    <Section
      title={t('people.title', { month: people.month })}
      after={
        trend.length > 0 && (
          <StatChart
            label={t('people.trend', { count: trend.length })}
            height={220}
            spec={{
              type: 'cartesian',
              categories: trend.map((point) => point.month),
              series: [
                {
                  name: t('people.headcount'),
                  kind: 'line',
                  level: true,
                  colour: headcount,
                  data: trend.map((p) => p.headcount),
                },
                {
                  name: t('people.leavers'),
                  kind: 'bar',
                  colour: leavers,
                  data: trend.map((p) => p.leavers),
                },
                {
                  name: t('people.rate'),
                  kind: 'line',
                  colour: rate,
                  percent: true,
                  data: trend.map((p) => p.rate_end),
                },
              ],
            }}
          />
        )
      }
    >
      <FigureCard
        title={t('people.headcount')}
        value={numberFormatter(people.headcount, 1)}
        to="/statistics/overview"
      />
      <FigureCard
        title={t('people.hires')}
        value={numberFormatter(people.hires, 1)}
        to="/statistics/overview"
      />
      <FigureCard
        title={t('people.leavers')}
        value={numberFormatter(people.leavers, 1)}
        to="/statistics/turnover"
      />
      <FigureCard title={t('people.rate')} value={formatPercent(people.rate_end)} to="/statistics/turnover" />
      <FigureCard
        title={t('people.vacancyRate')}
        value={formatPercent(people.vacancy_rate)}
        note={
          <Typography.Text type="secondary">
            {t('people.vacancyOf', { vacancy: people.vacancy, planned: people.planned })}
          </Typography.Text>
        }
        to="/statistics/vacancy"
      />
    </Section>
  );
}
