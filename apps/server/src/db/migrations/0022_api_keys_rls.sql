-- Row-level security for the public API's tables (decision 0030; decision 0048).
SELECT presente_protect_table('api_keys');
--> statement-breakpoint
SELECT presente_protect_table('api_idempotency');
