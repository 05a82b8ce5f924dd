// The face of attendance: the stores' clock-in points (打卡地点) and the fence decision the clock-in will use.
export { clockPointRoutes } from './coordinates.routes';
export { fenceOf } from './coordinates.service';
