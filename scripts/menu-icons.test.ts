import { describe, expect, it } from 'vitest';
import { flattenMenus } from '../apps/server/src/db/seed/data/menus';
import { menuIcon } from '../apps/web/src/lib/menu-icons';

// The sidebar shows the seeded menus' icons from its own short list; an icon missing there makes every first
// load fetch the whole icon set (869 kB) before the paint. Read from the seed, so a new menu is checked too.

describe('the sidebar’s icons', () => {
  it('hold the icon of every seeded menu', () => {
    const named = flattenMenus()
      .map((menu) => menu.icon)
      .filter((icon): icon is string => Boolean(icon));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((icon) => menuIcon(icon) === undefined)).toEqual([]);
  });
});
