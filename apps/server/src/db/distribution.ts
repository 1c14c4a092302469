/**
 * How each table would be placed past one PostgreSQL (Citus, distributed by company; decision 0051). Nothing
 * reads this at run time: `distribution.test.ts` checks it against the migrated catalogue, so a new table must be
 * placed, and a new unique key or foreign key that a distributed table could not keep is noticed when it is made.
 */
export type Placement =
  /** Sharded by company_id, co-located: every query of one company is routed to one node. */
  | 'distributed'
  /** Small, read everywhere, written rarely: a copy on every node (joins with distributed tables stay local). */
  | 'reference'
  /** Platform-wide and not joined with a company's rows: stays on the coordinator (or leaves PostgreSQL). */
  | 'coordinator';

export const PLACEMENT: Record<string, Placement> = {
  // A company's own data.
  activity_log: 'distributed',
  attendance_archive: 'distributed',
  attendance_chain: 'distributed',
  attendance_chain_heads: 'distributed',
  attendance_links: 'distributed',
  attendance_records: 'distributed',
  departments: 'distributed',
  employee_schedule_periods: 'distributed',
  employees: 'distributed',
  face_challenges: 'distributed',
  face_consent_codes: 'distributed',
  face_consents: 'distributed',
  face_photos: 'distributed',
  face_profiles: 'distributed',
  face_templates: 'distributed',
  holiday_schedules: 'distributed',
  holidays: 'distributed',
  kiosk_devices: 'distributed',
  kiosk_frame_hashes: 'distributed',
  kiosk_pairing_codes: 'distributed',
  kiosk_refusals: 'distributed',
  manual_changes: 'distributed',
  paired_kiosks: 'distributed',
  register_links: 'distributed',
  schedules: 'distributed',
  subscriptions: 'distributed',
  work_locations: 'distributed',
  qr_punch_uses: 'distributed',
  webhook_endpoints: 'distributed',
  webhook_deliveries: 'distributed',
  api_keys: 'distributed',
  api_idempotency: 'distributed',
  punch_receipts: 'distributed',
  punch_reviews: 'distributed',
  // Read by every company's queries, one row per company or less.
  companies: 'reference',
  countries: 'reference',
  system_settings: 'reference',
  // Sign-in happens before the company is known: the e-mail names the account across the platform.
  users: 'reference',
  // Platform machinery.
  sessions: 'coordinator',
  password_reset_tokens: 'coordinator',
  captcha_solutions: 'coordinator',
  jobs: 'coordinator',
  billing_cancellations: 'coordinator',
  // PayPal's webhooks arrive before (or without) a known company: company_id may be null.
  payment_events: 'coordinator',
};

/**
 * Unique keys of distributed tables without company_id. Citus cannot enforce them across shards; each is a lookup
 * made BEFORE the company is known, and decision 0051 gives its route (a reference routing table keyed by the
 * same value, written in the same transaction). `table(columns)` as the catalogue prints them.
 */
export const GLOBAL_LOOKUPS: Record<string, string> = {
  'attendance_links(token_hash)': 'a kiosk opens its public link: link_routes(token_hash -> company_id)',
  'kiosk_pairing_codes(code_hash)': 'a kiosk enters a pairing code: pairing_routes(code_hash -> company_id), short-lived',
  'register_links(token_hash)': "a closed company's mailed register link: link_routes as well",
  'subscriptions(provider, provider_subscription_id)': "PayPal's webhook names a subscription: billing_routes(subscription id -> company_id)",
  'api_keys(key_hash)': 'a public-API request names its key before its company: key_routes(key_hash -> company_id), written with the key',
  'employees(user_id)': 'sign-in finds the employee of a user: users (reference) carries company_id, then routed',
};
