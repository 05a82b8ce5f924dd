import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { fail, ok } from '../../test/mock-api';
import { mockPageApi, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { Workbench } from './api';
import { quickLinkPages } from './quick-links';

const PAGE = { name: 'dashboard', title: '工作台', path: '/dashboard/dashboard' };

const page = (id: number, name: string, title: string, path: string, icon: string | null): MenuNode => ({
  id,
  parent_id: 1,
  name,
  title,
  path,
  type_id: 2,
  perm: [],
  quick_icon: icon,
  affix: false,
  noCache: false,
  sort: id,
  children: [],
});

/** A menu of the workbench, messages, the own-request list and the turnover page; not the clock-in. */
const menus: MenuNode[] = [
  {
    ...page(1, 'home', '首页', '/dashboard', 'HomeOutlined'),
    parent_id: null,
    type_id: 1,
    children: [
      page(2, 'dashboard', '工作台', '/dashboard/dashboard', 'DashboardOutlined'),
      page(3, 'newsList', '消息通知', '/dashboard/newslist', 'NotificationOutlined'),
      page(4, 'approvalMine', '我发起的', '/approval/mine', null),
      page(5, 'statisticsTurnover', '离职率分析', '/statistics/turnover', 'LineChartOutlined'),
    ],
  },
];

const answer = (extra: Partial<Workbench>): Workbench => ({
  today: '2026-11-20',
  scope: { all: false, names: ['杭州西湖店'] },
  people: null,
  tasks: [],
  attendance_today: null,
  me: null,
  ...extra,
});

function api(workbench: Workbench | null) {
  return mockPageApi(PAGE, [], {
    'GET /api/auth/menus/tree': ok(menus),
    'GET /api/auth/home/index/workbench': workbench ? ok(workbench) : fail(500, '服务器错误', 500),
  });
}

const section = (title: string) => screen.queryByRole('region', { name: title });

describe('/dashboard/dashboard', { timeout: 30_000 }, () => {
  it('shows an employee their own day, and only that', async () => {
    api(
      answer({
        me: {
          clocked_in: '2026-11-20T08:52:00+08:00',
          clocked_out: null,
          workday: true,
          annual_leave_left: 4.5,
          requests_open: 2,
          messages_unread: 7,
        },
      }),
    );
    renderApp('/dashboard/dashboard');
    expect(
      await screen.findByText('数据范围：杭州西湖店 · 今天 2026-11-20', undefined, SLOW),
    ).toBeInTheDocument();
    const me = section('我的今天')!;
    expect(within(me).getByText('4.5 天')).toBeInTheDocument();
    // When they clocked in, told the way the spec's relative-time helper tells it (days ago: the date).
    expect(within(me).getByText(/^11月20日\d+时52分打卡$/)).toBeInTheDocument();
    // A figure opens its page when the user's menu holds it, and stays a plain card otherwise.
    expect(within(me).getByRole('link', { name: /未读消息\s*7/ })).toHaveAttribute(
      'href',
      '/dashboard/newslist',
    );
    expect(within(me).getByRole('link', { name: /我发起的进行中申请\s*2/ })).toHaveAttribute(
      'href',
      '/approval/mine',
    );
    expect(within(me).queryByRole('link', { name: /今日上班打卡/ })).not.toBeInTheDocument();
    expect(section('待办事项')).not.toBeInTheDocument();
    expect(section('本店今日考勤')).not.toBeInTheDocument();
    expect(section('人力概况（2026-11）')).not.toBeInTheDocument();
  });

  it('shows a manager their to-dos, their store’s day and the people figures', async () => {
    api(
      answer({
        tasks: [{ key: 'approvals_waiting', count: 3, path: '/approval/todo' }],
        attendance_today: { due: 12, present: 9, late: 1, absent: 0, on_leave: 1, not_yet: 1 },
        people: {
          month: '2026-11',
          headcount: 1234,
          hires: 2,
          leavers: 3,
          rate_end: 0.1,
          rate_average: 0.11,
          planned: 32,
          vacancy: 5,
          vacancy_rate: 0.1563,
          trend: [
            { month: '2026-11', headcount: 1234, hires: 2, leavers: 3, rate_end: 0.1, rate_average: 0.11 },
          ],
        },
      }),
    );
    renderApp('/dashboard/dashboard');
    const tasks = await screen.findByRole('region', { name: '待办事项' }, SLOW);
    // The task's page comes from the server, which counts only what the user may open.
    expect(within(tasks).getByText('待我审批')).toBeInTheDocument();
    expect(within(section('本店今日考勤')!).getByText('应出勤')).toBeInTheDocument();
    const people = section('人力概况（2026-11）')!;
    expect(within(people).getByText('1.2k')).toBeInTheDocument();
    expect(within(people).getByRole('link', { name: /离职率（期末口径）\s*10.00%/ })).toHaveAttribute(
      'href',
      '/statistics/turnover',
    );
    expect(
      within(people).getByRole('img', { name: '近 1 个月在职人数、离职人数与离职率' }),
    ).toBeInTheDocument();
    expect(section('我的今天')).not.toBeInTheDocument();
  });

  it('offers the menu’s quick links, and says when the figures could not be loaded', async () => {
    api(null);
    renderApp('/dashboard/dashboard');
    expect(await screen.findByText('工作台数据加载失败', undefined, SLOW)).toBeInTheDocument();
    const links = screen.getByRole('navigation', { name: '快捷入口' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard/newslist', '/statistics/turnover']);
    expect(screen.getByText('欢迎回来！')).toBeInTheDocument();
  });
});

describe('quickLinkPages', () => {
  it('takes the pages with an icon in menu order, without the workbench, up to the limit', () => {
    expect(quickLinkPages(menus).map((node) => node.name)).toEqual(['newsList', 'statisticsTurnover']);
    expect(quickLinkPages(menus, 1).map((node) => node.name)).toEqual(['newsList']);
  });
});
