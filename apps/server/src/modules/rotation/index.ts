// The face of rotation: routes and the daily job that begins and ends the stages that are due.
export { rotationRoutes } from './rotation.routes';
export {
  SETTLE_DUE_ROTATIONS,
  settleDueRotations,
  settleDueRotationsJob,
  stopPlansOfLeaver,
} from './rotation.settle';
// The plan's steps as its routes take them, for the demo's story to perform.
export { evaluateStage, fileRotation } from './rotation.service';
