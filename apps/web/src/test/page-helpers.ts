// Helpers for the tests that render a whole page of the app (real routes, guards and providers).
//
// Such a page carries antd's whole stylesheet: in jsdom one getComputedStyle then takes tens of
// milliseconds, and role queries (visibility, accessible names) or user-event's pointer-events check call
// it hundreds of times, so one role query can take seconds. These helpers therefore find things by their
// text and a few antd class names, and the user they set up clicks without the pointer-events check.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { menuWithPage, user, type MenuPage, type OtherMenuPage } from './fixtures';
import { mockApi, ok, type Routes } from './mock-api';

/** The session token `mockPageApi` signs in with: requests carry `Bearer x`. */
export const TOKEN = 'x';

/**
 * Signs in and mocks the API of a page test: the session (the fixture user; a menu holding `page` with
 * the button permissions `perms`, and the `others` pages beside it) and the page's own `routes`, which
 * may also replace the session's.
 */
export function mockPageApi(
  page: MenuPage,
  perms: readonly string[],
  routes: Routes = {},
  others: readonly OtherMenuPage[] = [],
) {
  Cookies.set('Token', TOKEN);
  return mockApi({
    'POST /api/auth/me': ok(user),
    'GET /api/auth/menus/tree': ok(menuWithPage(page, perms, others)),
    ...routes,
  });
}

/** Wait options for the first render, which loads the lazy page and antd's styles: slow on a busy runner. */
export const SLOW = { timeout: 15_000 };

/** A user that clicks without asking jsdom for computed styles. */
export const setupUser = (): UserEvent =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Matches a button label: antd puts a space between two Chinese characters (保存 shows as 保 存). */
/**
 * A text matcher for what reads as one text but is set in several elements (a period whose dates each keep
 * together, `DateRange`): the innermost element whose whole text it is.
 */
export const wholeText =
  (text: string) =>
  (_content: string, element: Element | null): boolean =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

export const named = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/**
 * The button labelled `text` (matched as `named`; a pattern as it is) inside `container`; null when there
 * is none. Like a `queryBy` query, it throws when more than one element shows the label.
 */
export function queryButton(container: HTMLElement, text: string | RegExp): HTMLButtonElement | null {
  const labels = within(container).queryAllByText(typeof text === 'string' ? named(text) : text);
  if (labels.length > 1) throw new Error(`${labels.length} elements show ${String(text)}`);
  return labels[0]?.closest('button') ?? null;
}

/** The button labelled `text` inside `container` (see `queryButton`); throws when there is none. */
export function button(container: HTMLElement, text: string | RegExp): HTMLButtonElement {
  const found = queryButton(container, text);
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

/** The one table row showing exactly `text`, once it is there. */
export async function rowOf(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const rows = new Set(
      screen
        .queryAllByText(text, { exact: true })
        .map((element) => element.closest<HTMLElement>('.ant-table-row'))
        .filter((row) => row !== null),
    );
    if (rows.size !== 1) throw new Error(`${rows.size} rows show ${text}`);
    return [...rows][0]!;
  }, SLOW);
}

/** The dialog or drawer opened last (antd keeps closed ones in the document, hidden). */
export async function openDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialogs = [...document.querySelectorAll<HTMLElement>('.ant-modal, .ant-drawer-section')];
    const open = dialogs.filter((dialog) => !dialog.closest('[style*="display: none"]'));
    if (open.length === 0) throw new Error('no dialog is open');
    return open.at(-1)!;
  }, SLOW);
}

/** The dialog or drawer titled exactly `title`. */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-drawer-title' }, SLOW);
  const dialog = heading.closest<HTMLElement>('.ant-modal, .ant-drawer-section');
  if (!dialog) throw new Error(`no dialog ${title}`);
  return dialog;
}

/** The option titled `title` of the select (or tree select) opened last. */
export async function selectOption(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dropdown = [
      ...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
    ].at(-1);
    if (!dropdown) throw new Error('no select is open');
    return within(dropdown).getByTitle(title);
  });
}

/** Opens `select` and picks its option titled `title`. */
export async function chooseOption(user: UserEvent, select: HTMLElement, title: string): Promise<void> {
  await user.click(select);
  await user.click(await selectOption(title));
}

/**
 * The list `list` (its `useListColumns` name) shows these optional columns too, as if the user had chosen
 * them in its column setting: for a test about what the columns say rather than which are shown.
 */
export function showColumns(list: string, keys: readonly string[]): void {
  window.localStorage.setItem(
    `listColumns:${list}`,
    JSON.stringify(Object.fromEntries(keys.map((key) => [key, true]))),
  );
}
