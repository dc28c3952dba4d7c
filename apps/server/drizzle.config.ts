import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/album-schema.ts',
    './src/db/cart-schema.ts',
    './src/db/print-schema.ts',
    './src/db/order-schema.ts',
    './src/db/refund-schema.ts',
    './src/db/face-schema.ts',
    './src/db/impersonation-schema.ts',
    './src/db/metrics-schema.ts',
    './src/db/support-schema.ts',
    './src/db/consent-schema.ts',
    './src/db/team-schema.ts',
    './src/db/price-schema.ts',
    './src/db/voucher-schema.ts',
    './src/db/race-schema.ts',
  ],
  out: './drizzle',
});
