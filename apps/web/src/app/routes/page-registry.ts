import { createElement, lazy, useState } from 'react';
import type { ComponentType } from 'react';
import { i18n } from '../../lib/i18n';

type PageModule = Promise<{ default: ComponentType }>;

const preloaders = new Map<ComponentType, () => PageModule>();

/**
 * A page whose code loads on demand. Once its module has been loaded (by a visit or by `preloadPages`), a new
 * mount renders it directly: React.lazy would suspend once more even for a loaded module, and React holds the
 * reveal of suspended content for up to 300 ms, so a preloaded page would still wait. Each mount decides
 * once, so a page never switches component (and loses its state) while it is shown. `namespace` names the
 * page's feature translations, loaded with its code.
 */
const page = (load: () => PageModule, namespace?: string): ComponentType => {
  let loaded: ComponentType | undefined;
  // The page's translations come with its code: the page then never waits for them on its first render.
  const remember = () =>
    Promise.all([load(), namespace ? i18n.loadNamespaces(namespace) : undefined]).then(([module]) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(remember);
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  preloaders.set(Page, remember);
  return Page;
};

/**
 * docs/web.md "Dynamic menu routes": the one place that maps a menu item's path to its page. A
 * permitted menu path without an entry here says "not yet available"; a path outside the user's menu is
 * /404. Pages load on demand, so the first screen carries none of them.
 */
export const pageRegistry: Readonly<Record<string, ComponentType>> = {
  '/dashboard/dashboard': page(
    () => import('../../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
    'dashboard',
  ),
  '/organization/departments': page(
    () =>
      import('../../features/departments/departments-page').then((m) => ({
        default: m.DepartmentsPage,
      })),
    'departments',
  ),
  '/organization/stores': page(
    () => import('../../features/stores/stores-page').then((m) => ({ default: m.StoresPage })),
    'stores',
  ),
  '/system/menus': page(
    () => import('../../features/menus/menus-page').then((m) => ({ default: m.SystemMenusPage })),
    'menus',
  ),
  '/system/roles': page(
    () => import('../../features/roles/roles-page').then((m) => ({ default: m.RolesPage })),
    'roles',
  ),
  '/system/users': page(
    () => import('../../features/accounts/users-page').then((m) => ({ default: m.SystemUsersPage })),
    'accounts',
  ),
  '/system/dictionaries': page(
    () =>
      import('../../features/dictionaries/dictionaries-page').then((m) => ({
        default: m.DictionariesPage,
      })),
    'dictionaries',
  ),
  '/organization/chart': page(
    () =>
      import('../../features/org-chart/chart-page').then((m) => ({
        default: m.OrganizationChartPage,
      })),
    'orgChart',
  ),
  '/organization/posts': page(
    () => import('../../features/posts/posts-page').then((m) => ({ default: m.PostsPage })),
    'posts',
  ),
  '/organization/headcount': page(
    () =>
      import('../../features/headcount/headcount-page').then((m) => ({
        default: m.HeadcountPage,
      })),
    'headcount',
  ),
  '/system/exports': page(
    () => import('../../features/exports/exports-page').then((m) => ({ default: m.ExportsPage })),
    'exports',
  ),
  '/system/audit': page(
    () => import('../../features/audit/audit-page').then((m) => ({ default: m.AuditPage })),
    'audit',
  ),
  '/approval/flows': page(
    () => import('../../features/approvals/flows/flows-page').then((m) => ({ default: m.FlowsPage })),
    'approvals',
  ),
  '/staff/prohibited': page(
    () => import('../../features/prohibited/prohibited-page').then((m) => ({ default: m.ProhibitedPage })),
    'prohibited',
  ),
  '/staff/training': page(
    () => import('../../features/training/training-page').then((m) => ({ default: m.TrainingPage })),
    'training',
  ),
  '/staff/mutually-exclusive': page(
    () =>
      import('../../features/mutual-exclusion/exclusion-page').then((m) => ({
        default: m.ExclusionPage,
      })),
    'mutualExclusion',
  ),
  '/staff/list': page(
    () => import('../../features/staff/directory-page').then((m) => ({ default: m.DirectoryPage })),
    'staff',
  ),
  '/staff/detail': page(
    () => import('../../features/staff/detail-page').then((m) => ({ default: m.StaffDetailPage })),
    'staff',
  ),
  '/staff/onboarding': page(
    () => import('../../features/onboarding/onboarding-page').then((m) => ({ default: m.OnboardingPage })),
    'onboarding',
  ),
  '/managingpeople/enrollmententry': page(
    () =>
      import('../../features/onboarding/entry/entry-page').then((m) => ({ default: m.EnrollmentEntryPage })),
    'onboarding',
  ),
  '/processapproval/inductionfirst': page(
    () =>
      import('../../features/onboarding/induction/approval-page').then((m) => ({
        default: m.InductionApprovalPage,
      })),
    'onboarding',
  ),
  '/staff/transfer': page(
    () => import('./transfer-pages').then((m) => ({ default: m.TransfersWithTrail })),
    'transfers',
  ),
  '/staff/resignation': page(
    () => import('./resignation-pages').then((m) => ({ default: m.ResignationWithTrail })),
    'resignation',
  ),
  '/staff/resignation/handover': page(
    () => import('../../features/resignation/handover-page').then((m) => ({ default: m.HandoverPage })),
    'resignation',
  ),
  '/attendance/coordinates': page(
    () =>
      import('../../features/attendance/coordinates/coordinates-page').then((m) => ({
        default: m.CoordinatesPage,
      })),
    'attendance',
  ),
  '/attendance/rules': page(
    () => import('../../features/attendance/rules/rules-page').then((m) => ({ default: m.RulesPage })),
    'attendanceRules',
  ),
  '/attendance/clock': page(
    () => import('../../features/attendance/clock/clock-page').then((m) => ({ default: m.ClockPage })),
    'attendance',
  ),
  '/attendance/records': page(
    () => import('../../features/attendance/records/records-page').then((m) => ({ default: m.RecordsPage })),
    'attendance',
  ),
  '/attendance/abnormal': page(
    () =>
      import('../../features/attendance/abnormal/abnormal-page').then((m) => ({ default: m.AbnormalPage })),
    'attendance',
  ),
  '/attendance/statistics': page(
    () =>
      import('../../features/attendance/statistics/statistics-page').then((m) => ({
        default: m.StatisticsPage,
      })),
    'attendance',
  ),
  '/attendance/leave': page(
    () => import('../../features/attendance/leave/leave-page').then((m) => ({ default: m.LeavePage })),
    'attendanceLeave',
  ),
  '/staff/rotation': page(
    () => import('../../features/rotation/rotation-page').then((m) => ({ default: m.RotationPage })),
    'rotation',
  ),
  '/staff/dispatch': page(
    () => import('./dispatch-pages').then((m) => ({ default: m.DispatchWithTrail })),
    'dispatch',
  ),
  '/processapproval/posttransfer': page(
    () => import('../../features/transfers/approval-page').then((m) => ({ default: m.TransferApprovalPage })),
    'transfers',
  ),
  '/statistics/overview': page(
    () => import('../../features/statistics/overview-page').then((m) => ({ default: m.OverviewPage })),
    'statistics',
  ),
  '/statistics/turnover': page(
    () => import('../../features/statistics/turnover-page').then((m) => ({ default: m.TurnoverPage })),
    'statistics',
  ),
  '/statistics/vacancy': page(
    () => import('../../features/statistics/vacancy-page').then((m) => ({ default: m.VacancyPage })),
    'statistics',
  ),
  '/statistics/resign': page(
    () => import('../../features/statistics/resign-page').then((m) => ({ default: m.ResignPage })),
    'statistics',
  ),
  '/statistics/distribution': page(
    () =>
      import('../../features/statistics/distribution-page').then((m) => ({ default: m.DistributionPage })),
    'statistics',
  ),
  '/dashboard/newslist': page(() =>
    import('../../features/messages/messages-page').then((m) => ({ default: m.MessagesPage })),
  ),
  // The three approval lists are one page, parameterised by the list it shows.
  '/approval/todo': page(
    () => import('../../features/approvals/tasks/task-list-page').then((m) => ({ default: m.TodoPage })),
    'approvals',
  ),
  '/approval/done': page(
    () => import('../../features/approvals/tasks/task-list-page').then((m) => ({ default: m.DonePage })),
    'approvals',
  ),
  '/approval/mine': page(
    () => import('../../features/approvals/tasks/task-list-page').then((m) => ({ default: m.MinePage })),
    'approvals',
  ),
};

/**
 * Loads the code of the page at `path` (nothing for a path without a page), so that it renders at once.
 * A failed load is left for the page itself to report when it is opened.
 */
export async function preloadPage(path: string): Promise<void> {
  const component = pageRegistry[path];
  const preload = component && preloaders.get(component);
  if (preload) await preload().catch(() => {});
}

export function preloadPages(paths: Iterable<string>): void {
  for (const path of paths) void preloadPage(path);
}
