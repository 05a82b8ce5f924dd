import * as antIcons from '@ant-design/icons';
import type { ComponentType } from 'react';

const entries: [string, ComponentType][] = Object.entries(antIcons as Record<string, unknown>)
  .filter(([name, icon]) => name.endsWith('Outlined') && typeof icon === 'object' && icon !== null)
  .map(([name, icon]) => [name, icon as ComponentType]);
entries.sort(([a], [b]) => a.localeCompare(b, 'en'));

/**
 * Every Outlined icon of @ant-design/icons by component name. Only imported through `loadIconSet`, so the
 * whole set is a chunk of its own, loaded by the menu editor's icon picker and by the sidebar when a menu
 * item names an icon outside its own short list.
 */
export const outlinedIcons: ReadonlyMap<string, ComponentType> = new Map(entries);
