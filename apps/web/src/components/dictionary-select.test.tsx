import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { FeedbackBridge } from '../lib/feedback-bridge';
import { createQueryClient } from '../lib/query-client';
import { fail, mockApi, ok } from '../test/mock-api';
import type { ApiCall } from '../test/mock-api';
import { i18n } from '../lib/i18n';
import { DictionarySelect, dictionaryName, useDictionary, useDictionaryLabel } from './dictionary-select';
import type { DictionaryItem } from './dictionary-select';

/** The app's providers as a page sees them (components/ may not import app/): query cache, Chinese antd. */
function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <App>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

const DICTIONARY = 'GET /api/auth/dictionarie/data';

/** An item with no name of its own in the other languages. */
const item = (id: number, name: string, names: Partial<DictionaryItem> = {}): DictionaryItem => ({
  id,
  name,
  name_en: null,
  name_es: null,
  name_ja: null,
  ...names,
});

const items: Record<number, DictionaryItem[]> = {
  [DictType.REGION]: [item(1, '华东区'), item(2, '华南区')],
  [DictType.ID_CARD]: [
    item(21, '居民身份证', { name_en: 'Resident ID card', name_ja: '居民身分証' }),
    item(22, '护照'),
  ],
  [DictType.EDUCATION]: [item(31, '本科')],
};

/** The server: the asked types' items, an unknown type empty. */
function dictionaryServer(call: ApiCall) {
  const ids = (call.url.searchParams.get('type_ids') ?? '').split(',').map(Number);
  return ok(Object.fromEntries(ids.map((id) => [String(id), items[id] ?? []])));
}

const typeIdsOf = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.url.pathname.endsWith('/dictionarie/data'))
    .map((call) => call.url.searchParams.get('type_ids'));

function Names({ label, typeIds }: { label: string; typeIds: number[] }) {
  const dictionary = useDictionary(typeIds);
  return (
    <section aria-label={label}>
      {typeIds.map((id) => (
        <p key={id}>{dictionary[id]?.map((item) => item.name).join('、')}</p>
      ))}
    </section>
  );
}

function renderWith(queryClient: QueryClient, children: ReactNode) {
  return render(<Providers queryClient={queryClient}>{children}</Providers>);
}

describe('useDictionary', () => {
  it('asks for several types in one request, also when they come from several components', async () => {
    const { calls } = mockApi({ [DICTIONARY]: dictionaryServer });
    renderWith(
      createQueryClient(),
      <>
        <Names label="a" typeIds={[DictType.REGION, DictType.ID_CARD]} />
        <Names label="b" typeIds={[DictType.ID_CARD, DictType.EDUCATION]} />
      </>,
    );

    const a = await screen.findByRole('region', { name: 'a' });
    expect(await within(a).findByText('华东区、华南区')).toBeInTheDocument();
    expect(within(a).getByText('居民身份证、护照')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'b' })).getByText('本科')).toBeInTheDocument();
    expect(typeIdsOf(calls)).toEqual(['1,21,22']);
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('loads a type once: a later component asks only for the types not cached yet', async () => {
    const { calls } = mockApi({ [DICTIONARY]: dictionaryServer });
    const queryClient = createQueryClient();
    const first = renderWith(queryClient, <Names label="a" typeIds={[DictType.ID_CARD]} />);
    expect(await screen.findByText('居民身份证、护照')).toBeInTheDocument();
    first.unmount();

    renderWith(queryClient, <Names label="b" typeIds={[DictType.ID_CARD]} />);
    expect(screen.getByText('居民身份证、护照')).toBeInTheDocument();
    expect(typeIdsOf(calls)).toEqual(['21']);

    renderWith(queryClient, <Names label="c" typeIds={[DictType.ID_CARD, DictType.REGION]} />);
    expect(await screen.findByText('华东区、华南区')).toBeInTheDocument();
    expect(typeIdsOf(calls)).toEqual(['21', '1']);
  });

  it('answers an empty list for a type the server does not know', async () => {
    mockApi({ [DICTIONARY]: dictionaryServer });
    renderWith(createQueryClient(), <Names label="a" typeIds={[DictType.REGION, 999]} />);
    const a = await screen.findByRole('region', { name: 'a' });
    expect(await within(a).findByText('华东区、华南区')).toBeInTheDocument();
    expect(within(a).getAllByRole('paragraph')[1]).toBeEmptyDOMElement();
  });

  it('only logs a failure: no message, no items', async () => {
    const { calls } = mockApi({ [DICTIONARY]: fail(500, '服务器内部错误，请稍后再试', 500) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWith(createQueryClient(), <Names label="a" typeIds={[DictType.ID_CARD]} />);

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(String(logged.mock.calls[0]![0])).toContain('21');
    expect(calls).toHaveLength(1);
    expect(screen.queryByText('服务器内部错误，请稍后再试')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'a' })).getByRole('paragraph')).toBeEmptyDOMElement();
  });

  it('waits while not enabled', async () => {
    const { calls } = mockApi({ [DICTIONARY]: dictionaryServer });
    function Idle() {
      const dictionary = useDictionary([DictType.ID_CARD], { enabled: false });
      return <p>{dictionary[DictType.ID_CARD]?.length ?? 'none'}</p>;
    }
    renderWith(createQueryClient(), <Idle />);
    expect(await screen.findByText('0')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });
});

describe('dictionaryName', () => {
  const idCards = items[DictType.ID_CARD];

  it('names an item by its id, also given as text', () => {
    expect(dictionaryName(idCards, 22)).toBe('护照');
    expect(dictionaryName(idCards, '21')).toBe('居民身份证');
  });

  it('is undefined for no id, an unknown id or items not loaded', () => {
    expect(dictionaryName(idCards, null)).toBeUndefined();
    expect(dictionaryName(idCards, '')).toBeUndefined();
    expect(dictionaryName(idCards, 99)).toBeUndefined();
    expect(dictionaryName(undefined, 21)).toBeUndefined();
  });
});

describe('DictionarySelect', () => {
  it("offers the type's items, searchable by name, and reports the item id", async () => {
    mockApi({ [DICTIONARY]: dictionaryServer });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWith(
      createQueryClient(),
      <DictionarySelect
        typeId={DictType.ID_CARD}
        aria-label="证件类型"
        onChange={onChange}
        style={{ width: 200 }}
      />,
    );

    const select = screen.getByRole('combobox', { name: '证件类型' });
    await user.click(select);
    expect(await screen.findByRole('option', { name: '居民身份证' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '护照' })).toBeInTheDocument();

    await user.type(select, '护');
    await waitFor(() => expect(screen.queryByRole('option', { name: '居民身份证' })).not.toBeInTheDocument());
    await user.click(screen.getByTitle('护照'));

    expect(onChange).toHaveBeenCalledWith(22, expect.objectContaining({ label: '护照' }));
  });
});

describe('names in the reader’s language', () => {
  it('are the item’s own there, else the Chinese name, and follow a change of language', async () => {
    mockApi({ [DICTIONARY]: dictionaryServer });
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    renderWith(
      createQueryClient(),
      <>
        <Names label="a" typeIds={[DictType.ID_CARD]} />
        <DictionarySelect typeId={DictType.ID_CARD} aria-label="ID type" style={{ width: 200 }} />
      </>,
    );
    const a = await screen.findByRole('region', { name: 'a' });
    expect(await within(a).findByText('Resident ID card、护照')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'ID type' }));
    expect(await screen.findByRole('option', { name: 'Resident ID card' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '护照' })).toBeInTheDocument();

    await act(() => i18n.changeLanguage('ja'));
    expect(await within(a).findByText('居民身分証、护照')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    expect(await within(a).findByText('居民身份证、护照')).toBeInTheDocument();
  });

  it('name a value the server answered by its id, else as answered', async () => {
    mockApi({ [DICTIONARY]: dictionaryServer });
    await i18n.changeLanguage('en');
    function Label({ id, answered }: { id: number; answered: string }) {
      const label = useDictionaryLabel([DictType.ID_CARD]);
      return <p>{label(DictType.ID_CARD, id, answered)}</p>;
    }
    renderWith(
      createQueryClient(),
      <>
        <Label id={21} answered="居民身份证" />
        <Label id={99} answered="已停用的证件" />
      </>,
    );
    expect(await screen.findByText('Resident ID card')).toBeInTheDocument();
    expect(screen.getByText('已停用的证件')).toBeInTheDocument();
  });
});
