import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { i18n } from '../../lib/i18n';
import { menus } from '../../test/fixtures';
import { buildSearchIndex, createSearch, pinyinApplies, SEARCH_OPTIONS } from './search-index';
import type { SearchItem } from './search-index';
import { loadPinyin } from './search-libs';

const node = (
  id: number,
  name: string,
  title: string,
  path: string,
  typeId: number,
  children: MenuNode[] = [],
) => ({ ...menus[0]!, id, name, title, path, type_id: typeId, children }) satisfies MenuNode;

/** The fixtures' menu plus a button and a nested directory. */
const tree: MenuNode[] = [
  ...menus,
  node(20, 'attendance', '考勤管理', '/attendance', 1, [
    node(21, 'clockRecords', '考勤记录', '/attendance/records', 2, [node(22, 'export', '导出', '', 3)]),
    node(23, 'clockRules', '规则设置', '', 1, [
      node(24, 'clockRuleList', '打卡规则', '/attendance/rules', 2),
    ]),
  ]),
];

const serverTitle = (menu: MenuNode) => menu.title;
const translatedTitle = (lng: string) => (menu: MenuNode) =>
  i18n.getFixedT(lng)(`menu.${menu.name}`, { defaultValue: menu.title });
const paths = (items: readonly SearchItem[]) => items.map((item) => item.path);

describe('buildSearchIndex', () => {
  it('lists the pages with the titles of their directories, without directories, hidden pages or buttons', () => {
    expect(buildSearchIndex(tree, serverTitle)).toEqual([
      { title: ['首页', '工作台'], path: '/dashboard/dashboard' },
      { title: ['员工管理', '员工花名册'], path: '/staff/list' },
      { title: ['员工管理', '薪资核算'], path: '/staff/payroll' },
      { title: ['考勤管理', '考勤记录'], path: '/attendance/records' },
      { title: ['考勤管理', '规则设置', '打卡规则'], path: '/attendance/rules' },
    ]);
  });

  it('uses the titles of the current language', () => {
    const items = buildSearchIndex(menus, translatedTitle('en'));
    expect(items.find((item) => item.path === '/staff/list')?.title).toEqual(['Staff', 'Staff roster']);
  });

  it('adds each title in toneless pinyin without spaces when given the converter', async () => {
    const toPinyin = await loadPinyin();
    const items = buildSearchIndex(menus, serverTitle, toPinyin);
    expect(items.find((item) => item.path === '/staff/list')).toEqual({
      title: ['员工管理', '员工花名册'],
      path: '/staff/list',
      pinyinTitle: ['yuangongguanli', 'yuangonghuamingce'],
      pinyinSyllables: [
        ['yuan', 'gong', 'guan', 'li'],
        ['yuan', 'gong', 'hua', 'ming', 'ce'],
      ],
    });
    expect(buildSearchIndex(menus, serverTitle).every((item) => !('pinyinTitle' in item))).toBe(true);
  });
});

describe('pinyinApplies', () => {
  it('only in Chinese with the setting on', () => {
    expect(pinyinApplies('zh', true)).toBe(true);
    expect(pinyinApplies('zh', false)).toBe(false);
    expect(pinyinApplies('en', true)).toBe(false);
    expect(pinyinApplies('ja', true)).toBe(false);
    expect(pinyinApplies(undefined, true)).toBe(false);
  });
});

describe('createSearch', () => {
  it('uses the weights and threshold of docs/web.md "Constants and limits"', () => {
    expect(SEARCH_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
      { name: 'pinyinTitle', weight: 0.3 },
    ]);
    expect(SEARCH_OPTIONS.threshold).toBe(0.4);
  });

  it('finds a Chinese title from its pinyin, typed whole, in part or a syllable at a time', async () => {
    const search = createSearch(Fuse, buildSearchIndex(tree, serverTitle, await loadPinyin()));
    expect(paths(search('yuangonghuamingce'))[0]).toBe('/staff/list');
    expect(paths(search('huamingce'))[0]).toBe('/staff/list');
    expect(paths(search('yuan gong hua ming ce'))[0]).toBe('/staff/list');
    expect(paths(search('kao qin gui ze'))).toContain('/attendance/rules');
    expect(paths(search('kaoqinjilu'))[0]).toBe('/attendance/records');
    expect(paths(search('dakaguize'))[0]).toBe('/attendance/rules');
  });

  it('finds a title from the initials of its pinyin, and no page that only shares letters', async () => {
    const pages: MenuNode[] = [
      node(30, 'system', '系统管理', '/system', 1, [
        node(31, 'departments', '部门管理', '/system/departments', 2),
      ]),
      node(40, 'staff', '员工管理', '/staff', 1, [
        node(41, 'prohibited', '禁用名单', '/staff/prohibited', 2),
      ]),
      node(50, 'attendance', '考勤管理', '/attendance', 1, [
        node(51, 'attendanceStats', '考勤统计', '/attendance/statistics', 2),
      ]),
    ];
    const search = createSearch(Fuse, buildSearchIndex(pages, serverTitle, await loadPinyin()));
    expect(paths(search('bmgl'))).toEqual(['/system/departments']);
    expect(paths(search('jinyong'))).toEqual(['/staff/prohibited']);
    expect(paths(search('kaoqintongji'))).toEqual(['/attendance/statistics']);
  });

  it('does not match pinyin when the index has none', () => {
    const search = createSearch(Fuse, buildSearchIndex(tree, serverTitle));
    expect(search('yuangonghuamingce')).toEqual([]);
    expect(search('kaoqinjilu')).toEqual([]);
  });

  it('matches Chinese titles, including a directory title for the pages in it', () => {
    const search = createSearch(Fuse, buildSearchIndex(tree, serverTitle));
    expect(paths(search('花名册'))).toEqual(['/staff/list']);
    expect(paths(search('考勤管理'))).toEqual(
      expect.arrayContaining(['/attendance/records', '/attendance/rules']),
    );
  });

  it('matches English titles in English', () => {
    const search = createSearch(Fuse, buildSearchIndex(menus, translatedTitle('en')));
    expect(paths(search('roster'))[0]).toBe('/staff/list');
    expect(paths(search('Dashboard'))[0]).toBe('/dashboard/dashboard');
  });

  it('matches paths', () => {
    const search = createSearch(Fuse, buildSearchIndex(tree, serverTitle));
    expect(paths(search('payroll'))).toEqual(['/staff/payroll']);
    expect(paths(search('/attendance/rul'))[0]).toBe('/attendance/rules');
  });

  it('finds nothing for an empty query or an unrelated one', () => {
    const search = createSearch(Fuse, buildSearchIndex(tree, serverTitle));
    expect(search('   ')).toEqual([]);
    expect(search('zzzzzzzz')).toEqual([]);
  });
});
