// The face of resignation: routes, the approval business, and the daily job that completes what is due.
export { resignationRoutes } from './resignation.routes';
export { resignationHandoverRoutes } from './resignation.handover.routes';
export { customerNoticeOf } from './resignation.setting';
export { resignationBusiness } from './resignation.business';
export { resignationExport } from './resignation.sheet';
export {
  COMPLETE_DUE_RESIGNATIONS,
  completeDueResignations,
  completeDueResignationsJob,
} from './resignation.complete';
// The resignation's steps as its routes take them, for the demo's story to perform.
export { fileResignation, goResignation } from './resignation.service';
