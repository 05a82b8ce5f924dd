export * from './system';
export * from './organisation';
export * from './people';
export * from './approvals';
