// The face of job transfers: routes, the approval business, the export, and the daily job that applies what is due.
export { transferPermissions, transferRoutes } from './transfers.routes';
export { transferBusiness } from './transfers.business';
export { transferExport } from './transfers.sheet';
export { APPLY_DUE_TRANSFERS, applyDueTransfers, applyDueTransfersJob } from './transfers.apply';
// The transfer's steps as its routes take them, for the demo's activity to perform.
export { cancelTransfer, decideTransfer, fileTransfer, transferDetail } from './transfers.service';
