export * from './ai/index';
export * from './core/index';
