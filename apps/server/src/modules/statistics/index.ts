export { statisticsRoutes } from './statistics.routes';
export { statisticsExports, type StatisticsContext } from './statistics.sheets';
export { nodeCounts, polyline, trendPoint } from './statistics.service';
export { vacancy, vacancyTotals } from './vacancy.service';
export { movements, onStaffAt } from './movements';
export { resolveNode, underNode } from './node';
