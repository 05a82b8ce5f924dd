import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { i18n } from '../../lib/i18n';
import { callsTo, ok } from '../../test/mock-api';
import { mockPageApi, rowOf, setupUser, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { DistributionAnswer } from './api';

const PAGE = { name: 'statisticsDistribution', title: '人员结构分布', path: '/statistics/distribution' };

const answer = (items: DistributionAnswer['items']): DistributionAnswer => ({
  department_id: null,
  department_name: '华东汽车集团',
  date: '2026-11-20',
  total: items.reduce((sum, item) => sum + item.count, 0),
  items,
});

beforeAll(async () => {
  await import('./distribution-page');
}, 60_000);

describe('/statistics/distribution', { timeout: 30_000 }, () => {
  it('names the bands in the reader’s language and says why a breakdown is empty', async () => {
    const { calls } = mockPageApi(PAGE, [], {
      'GET /api/auth/statistic/education': ok(answer([])),
      'GET /api/auth/statistic/sex': ok(
        answer([
          { key: 'male', name: 'male', count: 3 },
          { key: 'female', name: 'female', count: 1 },
        ]),
      ),
      'GET /api/auth/statistic/age': ok(answer([{ key: '25_29', name: '25_29', count: 4 }])),
      'GET /api/auth/statistic/tenure': ok(answer([{ key: '5y_plus', name: '5y_plus', count: 4 }])),
      'GET /api/auth/departments/my/tree': ok([]),
      'GET /api/auth/dictionarie/data': ok({ [DictType.EDUCATION]: [] }),
    });
    renderApp('/statistics/distribution');
    const sex = (
      await screen.findByText('性别', { selector: '.ant-card-head-title' }, SLOW)
    ).closest<HTMLElement>('.ant-card')!;
    const user = setupUser();
    await user.click(within(sex).getByText('表格'));
    expect(within(await rowOf('男')).getByText('75.00%')).toBeInTheDocument();
    expect(await rowOf('女')).toBeInTheDocument();
    const age = screen
      .getByText('年龄段', { selector: '.ant-card-head-title' })
      .closest<HTMLElement>('.ant-card')!;
    await user.click(within(age).getByText('表格'));
    expect(await rowOf('25–29 岁')).toBeInTheDocument();
    expect(await screen.findByText(/没有在职人员$/)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/statistic/education')).toHaveLength(1));
    expect(callsTo(calls, 'GET', '/api/auth/statistic/education')[0]!.url.searchParams.get('date')).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('names the education levels as the dictionary does in the reader’s language', async () => {
    await i18n.changeLanguage('en');
    mockPageApi(PAGE, [], {
      'GET /api/auth/statistic/education': ok(
        answer([
          { key: '31', name: '本科', count: 3 },
          { key: 'unknown', name: '未填写', count: 1 },
        ]),
      ),
      'GET /api/auth/statistic/sex': ok(answer([])),
      'GET /api/auth/statistic/age': ok(answer([])),
      'GET /api/auth/statistic/tenure': ok(answer([])),
      'GET /api/auth/departments/my/tree': ok([]),
      'GET /api/auth/dictionarie/data': ok({
        [DictType.EDUCATION]: [{ id: 31, name: '本科', name_en: 'Bachelor', name_es: null, name_ja: null }],
      }),
    });
    renderApp('/statistics/distribution');
    const education = (
      await screen.findByText('Education', { selector: '.ant-card-head-title' }, SLOW)
    ).closest<HTMLElement>('.ant-card')!;
    const user = setupUser();
    await user.click(within(education).getByText('Table'));
    expect(within(await rowOf('Bachelor')).getByText('75.00%')).toBeInTheDocument();
    expect(await rowOf('Not given')).toBeInTheDocument();
  });
});
