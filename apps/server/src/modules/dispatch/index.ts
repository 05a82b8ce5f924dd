// The face of dispatch: routes, the approval business, and the daily job that begins and ends what is due.
export { dispatchRoutes } from './dispatch.routes';
export { dispatchBusiness } from './dispatch.business';
export {
  endDispatchesOfLeaver,
  SETTLE_DUE_DISPATCHES,
  settleDueDispatches,
  settleDueDispatchesJob,
} from './dispatch.settle';
// The dispatch's steps as its routes take them, for the demo's story to perform.
export { cancelDispatch, fileDispatch, returnEarly } from './dispatch.service';
