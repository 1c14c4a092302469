import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';

const companyId = () =>
  uuid()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * One-time pairing codes the company admin shows in Configuración (decision 0033): only an HMAC of the code
 * is kept, it expires in 10 minutes and is consumed by the first kiosk that enters it.
 */
export const kioskPairingCodes = pgTable(
  'kiosk_pairing_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    codeHash: varchar({ length: 64 }).notNull(),
    /** The name the paired kiosk takes (the admin's words: "Recepción", "Almacén"). */
    name: varchar({ length: 120 }).notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kiosk_pairing_codes_hash_uq').on(t.codeHash), index('kiosk_pairing_codes_company_idx').on(t.companyId)],
);

/**
 * Kiosk browsers the company admin paired: the public half (SPKI, ECDSA P-256) of a key the browser created
 * non-extractable; every mark is signed with it. Revoked kiosks stay listed (revoked_at) for the record.
 */
export const pairedKiosks = pgTable(
  'paired_kiosks',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    name: varchar({ length: 120 }).notNull(),
    /** DER SubjectPublicKeyInfo, base64. */
    publicKey: text().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    lastIp: varchar({ length: 64 }),
    /** The position the last accepted mark reported: { latitude, longitude, accuracy }. */
    lastLocation: jsonb().$type<{ latitude: number; longitude: number; accuracy: number | null }>(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The kiosk's last signed online contact (decision 0075). */
    lastContactAt: timestamp({ withTimezone: true }),
    /** Offline punches the kiosk said were waiting at its last contact. */
    offlineWaiting: integer().notNull().default(0),
    /**
     * The signed contacts of the last 24 h: the kiosk's clock (d) and the server's (s), ms. An offline punch names
     * the contact it counts from; its capture time on the server's clock is s + (capture - d) (decision 0075).
     */
    contacts: jsonb().$type<{ d: number; s: number }[]>().notNull().default([]),
  },
  (t) => [index('paired_kiosks_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Perceptual hashes of frames accepted by a mark, kept 24 hours: a frame that looks like one already accepted
 * (re-encoded, resized, brightened) is refused in any later request of the company.
 */
export const kioskFrameHashes = pgTable(
  'kiosk_frame_hashes',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    /** Difference hash and its mask (frame-hashes.ts), hex. */
    hash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kiosk_frame_hashes_company_idx').on(t.companyId, t.createdAt), index('kiosk_frame_hashes_created_idx').on(t.createdAt)],
);

/**
 * Every refused kiosk mark with its reason and evidence (decision 0057), as accepted punches keep theirs: the code,
 * the kiosk and link, the employee a frame was accepted for (when any), and the engine's figures (each frame's
 * nearest employee and distance, the liveness details, the face brightness). No image is kept. Pruned after 30 days.
 */
export const kioskRefusals = pgTable(
  'kiosk_refusals',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    linkId: uuid().notNull(),
    kioskId: uuid(),
    employeeId: uuid(),
    code: varchar({ length: 40 }).notNull(),
    evidence: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kiosk_refusals_company_idx').on(t.companyId, t.createdAt), index('kiosk_refusals_created_idx').on(t.createdAt)],
);
