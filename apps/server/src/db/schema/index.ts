export * from './system';
export * from './organisation';
export * from './people';
export * from './approvals';
export * from './prohibited';
export * from './mutual-exclusion';
export * from './uploads';
export * from './drafts';
