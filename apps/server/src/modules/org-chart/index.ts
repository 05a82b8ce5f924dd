export { orgChartRoutes } from './org-chart.routes';
