import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTabParam } from './use-tab-param';

function Page({ keys }: { keys: string[] }) {
  const [tab, setTab] = useTabParam(keys);
  const location = useLocation();
  return (
    <>
      <p>tab: {tab}</p>
      <p>address: {location.search}</p>
      <button onClick={() => setTab('b')}>choose b</button>
      <button onClick={() => setTab('a')}>choose a</button>
      <Link to="?tab=c">link to c</Link>
    </>
  );
}

const renderAt = (at: string, keys = ['a', 'b', 'c']) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Page keys={keys} />
    </MemoryRouter>,
  );

describe('useTabParam', () => {
  it('opens the tab of the address, and an unknown or hidden one as the first', () => {
    renderAt('/x?tab=b');
    expect(screen.getByText('tab: b')).toBeInTheDocument();
  });

  it('falls back to the first tab for a tab the page does not show', () => {
    renderAt('/x?tab=c', ['a', 'b']);
    expect(screen.getByText('tab: a')).toBeInTheDocument();
  });

  it('records a choice in the address (the first tab as none), and follows a link to another tab', async () => {
    const user = userEvent.setup();
    renderAt('/x');
    await user.click(screen.getByText('choose b'));
    expect(screen.getByText('tab: b')).toBeInTheDocument();
    expect(screen.getByText('address: ?tab=b')).toBeInTheDocument();
    await user.click(screen.getByText('link to c'));
    expect(await screen.findByText('tab: c')).toBeInTheDocument();
    await user.click(screen.getByText('choose a'));
    expect(screen.getByText('address:')).toBeInTheDocument();
  });
});
