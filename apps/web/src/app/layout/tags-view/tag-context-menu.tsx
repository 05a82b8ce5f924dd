import { useEffect, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { TAB_CONTEXT_MENU_WIDTH_PX } from '@dealer-hr/shared/constants';
import styles from './tags-view.module.css';

export type TagCommand = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

interface TagContextMenuProps {
  /** The pointer, in viewport coordinates. */
  x: number;
  y: number;
  /** Pinned tabs cannot be closed: no "close" entry. */
  closable: boolean;
  onCommand(command: TagCommand): void;
  /** `restoreFocus`: closed from the keyboard, so focus goes back to the tab. */
  onDismiss(restoreFocus: boolean): void;
}

/** Left edge of the menu: at the pointer, moved left where it would leave the window (a phone). */
export function menuLeft(x: number, viewportWidth: number): number {
  return Math.max(0, Math.min(x, viewportWidth - TAB_CONTEXT_MENU_WIDTH_PX));
}

/** docs/web.md "Tabs" and "Constants and limits": refresh, close, close others, close all; 105 px wide, at the pointer. */
export function TagContextMenu({ x, y, closable, onCommand, onDismiss }: TagContextMenuProps) {
  const { t } = useTranslation('tagsView');
  const menu = useRef<HTMLUListElement>(null);
  const commands: TagCommand[] = closable
    ? ['refresh', 'close', 'closeOthers', 'closeAll']
    : ['refresh', 'closeOthers', 'closeAll'];

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, []);

  // Any press elsewhere closes it, as do leaving the window, resizing it and scrolling (the tabs move).
  useEffect(() => {
    const onPointerDown = (event: Event) => {
      if (!(event.target instanceof Node && menu.current?.contains(event.target))) onDismiss(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Tab') onDismiss(event.key === 'Escape');
    };
    const away = () => onDismiss(false);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('resize', away);
    window.addEventListener('blur', away);
    window.addEventListener('scroll', away, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', away);
      window.removeEventListener('blur', away);
      window.removeEventListener('scroll', away, true);
    };
  }, [onDismiss]);

  const moveFocus = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const index = items.findIndex((item) => item === document.activeElement);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };

  return createPortal(
    <ul
      ref={menu}
      role="menu"
      aria-label={t('menu')}
      className={styles.contextMenu}
      style={{ left: menuLeft(x, window.innerWidth), top: y, width: TAB_CONTEXT_MENU_WIDTH_PX }}
      onKeyDown={moveFocus}
      onContextMenu={(event) => event.preventDefault()}
    >
      {commands.map((command) => (
        <li key={command} role="none">
          <button
            type="button"
            role="menuitem"
            className={styles.menuItem}
            onClick={() => {
              onDismiss(false);
              onCommand(command);
            }}
          >
            {t(command)}
          </button>
        </li>
      ))}
    </ul>,
    document.body,
  );
}
