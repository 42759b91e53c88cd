/** The data layer: the client, the single table's keys and definition, and the toolkit (lib/db/toolkit.ts). */
export * from './client';
export * from './keys';
export * from './table';
export * from './toolkit';
