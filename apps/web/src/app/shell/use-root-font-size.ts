import { useEffect } from 'react';
import { ROOT_FONT_BASE_PX, ROOT_FONT_DESIGN_WIDTH, ROOT_FONT_MAX_RATIO } from '@dealer-hr/shared/constants';

/** docs/web.md "Constants and limits": the root font size is 16 px times the width's ratio to 1920, the ratio capped at 2. */
export function rootFontSize(width: number): number {
  return ROOT_FONT_BASE_PX * Math.min(width / ROOT_FONT_DESIGN_WIDTH, ROOT_FONT_MAX_RATIO);
}

export function useRootFontSize(): void {
  useEffect(() => {
    const root = document.documentElement;
    const apply = () => {
      root.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.fontSize = '';
    };
  }, []);
}
