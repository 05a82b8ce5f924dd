import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { findMenu } from '../lib/menu-tree';
import { useMenuTree } from '../lib/session-queries';

interface FigureCardProps {
  title: string;
  value: ReactNode;
  note?: ReactNode;
  /** The page behind the figure: a link only when the user's menu holds it. */
  to?: string;
}

/**
 * A headline figure (the workbench's, a statistics page's): its name, its value, what it is of; with `to`,
 * the card opens the page the figure comes from.
 */
export function FigureCard({ title, value, note, to }: FigureCardProps) {
  const { data: menus } = useMenuTree();
  const card = (
    <Card size="small" hoverable={Boolean(to)} style={{ height: '100%' }}>
      <Statistic title={title} value={0} formatter={() => value} />
      {note && <div style={{ marginTop: 4 }}>{note}</div>}
    </Card>
  );
  const path = to?.split('?')[0];
  return path && findMenu(menus, path) ? (
    <Link to={to!} style={{ display: 'block', height: '100%' }}>
      {card}
    </Link>
  ) : (
    card
  );
}
