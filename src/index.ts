export * from './core/index';
