export * from './auth';
export * from './user';
export * from './errors';
export * from './health';
export * from './newsletter';
export * from './feed-tokens';
export * from './stats';
export * from './projects';
