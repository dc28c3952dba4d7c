/** Every table, for Drizzle's schema-aware client and for drizzle-kit. */
export * from './album-schema';
export * from './cart-schema';
export * from './consent-schema';
export * from './face-schema';
export * from './impersonation-schema';
export * from './metrics-schema';
export * from './order-schema';
export * from './price-schema';
export * from './print-schema';
export * from './race-schema';
export * from './refund-schema';
export * from './schema';
export * from './support-schema';
export * from './team-schema';
export * from './voucher-schema';
