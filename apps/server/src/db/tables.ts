/** Every table, for Drizzle's schema-aware client and for drizzle-kit. */
export * from './album-schema';
export * from './schema';
