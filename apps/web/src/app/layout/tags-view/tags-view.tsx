import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CSSProperties, MouseEvent as ReactMouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShell } from '../../shell/shell-state';
import { TagContextMenu } from './tag-context-menu';
import type { TagCommand } from './tag-context-menu';
import { useTagsViewState, useViewTitle } from './tags-view-context';
import type { VisitedView } from './tags-view-store';
import { useViewActions } from './use-view-actions';
import styles from './tags-view.module.css';
import { accessiblePrimary } from '../../../lib/accessible-colour';

/** Room left beside a tab scrolled into view, so its neighbour shows there is more. */
const SCROLL_MARGIN_PX = 16;

/** Scrolls `container` sideways just enough to show `item` (never the window, unlike scrollIntoView). */
export function revealHorizontally(container: HTMLElement, item: HTMLElement): void {
  const start = item.offsetLeft;
  const end = start + item.offsetWidth;
  if (start < container.scrollLeft) {
    container.scrollLeft = Math.max(0, start - SCROLL_MARGIN_PX);
  } else if (end > container.scrollLeft + container.clientWidth) {
    container.scrollLeft = end - container.clientWidth + SCROLL_MARGIN_PX;
  }
}

interface OpenMenu {
  view: VisitedView;
  x: number;
  y: number;
  trigger: HTMLElement;
}

/** docs/web.md "Shared layout": the tabs of the visited views, with their context menu. */
export function TagsView() {
  const { t } = useTranslation('tagsView');
  const { settings } = useShell();
  const { visited } = useTagsViewState();
  const titleOf = useViewTitle();
  const actions = useViewActions();
  const scroller = useRef<HTMLElement>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const activePath = visited.find((view) => actions.isActive(view))?.path;

  // The active tab in sight: after a navigation, and when tabs come or go around it.
  useEffect(() => {
    const container = scroller.current;
    const active = container?.querySelector<HTMLElement>('[data-active="true"]');
    if (container && active) revealHorizontally(container, active);
  }, [activePath, visited.length]);

  // Which ends of the strip hide tabs: each gets a button that scrolls that way (a mouse without a wheel,
  // a trackpad that only scrolls vertically, a pen).
  const [hidden, setHidden] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const container = scroller.current;
    if (!container) return;
    const before = container.scrollLeft > 0;
    const after = container.scrollLeft + container.clientWidth < container.scrollWidth - 1;
    setHidden((known) => (known.before === before && known.after === after ? known : { before, after }));
  }, []);
  useEffect(() => {
    const container = scroller.current;
    if (!container) return;
    measure();
    container.addEventListener('scroll', measure, { passive: true });
    const resizes = new ResizeObserver(measure);
    resizes.observe(container);
    return () => {
      container.removeEventListener('scroll', measure);
      resizes.disconnect();
    };
  }, [measure, visited.length]);
  const scrollBy = (direction: -1 | 1) => {
    const container = scroller.current;
    if (!container) return;
    container.scrollLeft = Math.max(0, container.scrollLeft + direction * container.clientWidth * 0.8);
    measure();
  };

  // The wheel scrolls the tabs sideways while they overflow; the listener is not passive so the page stays.
  useEffect(() => {
    const container = scroller.current;
    if (!container) return;
    const onWheel = (event: WheelEvent) => {
      const overflows = container.scrollWidth > container.clientWidth;
      if (!overflows || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      event.preventDefault();
      container.scrollLeft += event.deltaY;
    };
    container.addEventListener('wheel', onWheel, { passive: false });
    return () => container.removeEventListener('wheel', onWheel);
  }, []);

  const openMenu = (view: VisitedView) => (event: ReactMouseEvent<HTMLElement>) => {
    event.preventDefault();
    const trigger = event.currentTarget.querySelector('a') ?? event.currentTarget;
    // From the keyboard (menu key, Shift+F10) there is no pointer: the menu opens below the tab.
    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
    const box = trigger.getBoundingClientRect();
    setMenu({
      view,
      x: fromKeyboard ? box.left : event.clientX,
      y: fromKeyboard ? box.bottom : event.clientY,
      trigger,
    });
  };

  const dismiss = useCallback(
    (restoreFocus: boolean) => {
      if (restoreFocus) menu?.trigger.focus();
      setMenu(null);
    },
    [menu],
  );

  const run = (command: TagCommand, view: VisitedView) => {
    if (command === 'closeAll') actions.closeAll();
    else actions[command](view);
  };

  return (
    <div
      className={styles.bar}
      style={{ '--tags-view-active': accessiblePrimary(settings.theme) } as CSSProperties}
    >
      {hidden.before && (
        <button
          type="button"
          className={`${styles.edge} ${styles.edgeBefore}`}
          aria-label={t('scrollBefore')}
          onClick={() => scrollBy(-1)}
        >
          <LeftOutlined />
        </button>
      )}
      {hidden.after && (
        <button
          type="button"
          className={`${styles.edge} ${styles.edgeAfter}`}
          aria-label={t('scrollAfter')}
          onClick={() => scrollBy(1)}
        >
          <RightOutlined />
        </button>
      )}
      <nav ref={scroller} className={styles.scroller} aria-label={t('label')}>
        <ul className={styles.list}>
          {visited.map((view) => {
            const active = view.path === activePath;
            const title = titleOf(view);
            return (
              <li
                key={view.path}
                className={active ? `${styles.tag} ${styles.active}` : styles.tag}
                data-active={active}
                onContextMenu={openMenu(view)}
              >
                <Link
                  to={view.fullPath}
                  className={styles.link}
                  aria-current={active ? 'page' : undefined}
                  // Tabbing along the strip brings each tab into sight.
                  onFocus={(event) => {
                    const item = event.currentTarget.parentElement;
                    if (scroller.current && item) revealHorizontally(scroller.current, item);
                  }}
                  onAuxClick={(event) => {
                    // A middle click closes the tab, as in the template, instead of opening a browser tab.
                    if (event.button !== 1 || view.affix) return;
                    event.preventDefault();
                    actions.close(view);
                  }}
                >
                  {title}
                </Link>
                {!view.affix && (
                  <button
                    type="button"
                    className={styles.close}
                    aria-label={t('closeTab', { title })}
                    onClick={() => actions.close(view)}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {menu && (
        <TagContextMenu
          x={menu.x}
          y={menu.y}
          closable={!menu.view.affix}
          onCommand={(command) => run(command, menu.view)}
          onDismiss={dismiss}
        />
      )}
    </div>
  );
}
