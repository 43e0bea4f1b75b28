import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (uploaded logos, favicons, images) stored beside the row that owns them. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Every instant is stored with its time zone; pages show it in America/Sao_Paulo. */
export const instante = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: 'date' }) : timestamp({ withTimezone: true, mode: 'date' });

export const auditoria = {
  createdAt: instante().notNull().defaultNow(),
  updatedAt: instante().notNull().defaultNow(),
};
