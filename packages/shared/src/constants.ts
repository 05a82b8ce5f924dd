/** Business constants and limits (docs/web.md "Constants and limits"). */
export const TOKEN_COOKIE = 'Token';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const LANGUAGE_COOKIE = 'language';
export const SIZE_COOKIE = 'size';

export const IDLE_CHECK_INTERVAL_MS = 30_000;
export const IDLE_TIMEOUT_MS = 7_200_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const REQUEST_RETRY_DEFAULT = 0;
export const REQUEST_RETRY_DELAY_MS = 1_000;

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const PAGINATION_LAYOUT = 'total, sizes, prev, pager, next, jumper';
export const HANDOVER_PAGE = 1;
export const HANDOVER_LIMIT = 10;

export const SCROLL_TO_TOP_MS = 800;
export const ROOT_FONT_BASE_PX = 16;
export const ROOT_FONT_DESIGN_WIDTH = 1920;
export const ROOT_FONT_MAX_RATIO = 2;

export const MOBILE_BREAKPOINT_PX = 992;
export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';

export const SIDEBAR_WIDTH = '13.75rem';
export const SIDEBAR_BACKGROUND = '#303030';
export const SIDEBAR_TEXT = '#bfcbd9';
export const TAB_CONTEXT_MENU_WIDTH_PX = 105;

export const DEFAULT_THEME = '#1890ff';
export const THEME_PRESETS = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;

export const QR_LOGIN_FRAME = { width: 300, height: 400 } as const;

export const SEARCH_WEIGHTS = { title: 0.7, path: 0.3, pinyinTitle: 0.3 } as const;
export const SEARCH_THRESHOLD = 0.4;
