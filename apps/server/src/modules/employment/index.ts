// The face of employment: what other modules may use (the service's steps, each inside the caller's transaction).
export * from './employment.service';
